import { PlugZap } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n';
import { useConnectedApps } from '@/features/connections/api/connected-apps';
import { ConnectedAppItem } from './connected-app-item';

/**
 * Account Settings' "Aplicaciones conectadas": the tools this user let in by signing in (OAuth),
 * each revocable (issue 23).
 */
export function ConnectedApps() {
  const { t } = useI18n();
  const copy = t.connections.apps;
  const apps = useConnectedApps();
  return (
    <section
      aria-labelledby="connected-apps-title"
      className="grid gap-3"
      data-testid="connected-apps"
    >
      <h3 id="connected-apps-title" className="flex items-center gap-2 font-semibold text-navy-900">
        <PlugZap aria-hidden="true" className="size-4 text-gold-700" />
        {copy.heading}
      </h3>
      <p className="text-sm text-navy-700">{copy.description}</p>
      {apps.isPending ? (
        <Spinner label={t.common.loading} />
      ) : apps.isError ? (
        <p className="text-sm text-red-800" role="alert">
          {copy.loadFailed}
        </p>
      ) : apps.data.apps.length === 0 ? (
        <p className="rounded-xl bg-cream-50 p-3 text-sm text-navy-800">{copy.empty}</p>
      ) : (
        <ul className="grid gap-2">
          {apps.data.apps.map((app) => (
            <ConnectedAppItem key={app.id} app={app} />
          ))}
        </ul>
      )}
    </section>
  );
}
