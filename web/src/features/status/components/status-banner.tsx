import { CircleAlert, CircleCheck, Wrench } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatDateTime, useI18n } from '@/i18n';
import type { ServiceState } from '@/features/status/data';

const look: Record<ServiceState, { icon: typeof CircleCheck; box: string; icon_: string }> = {
  operational: {
    icon: CircleCheck,
    box: 'border-green-700/30 bg-green-50 text-green-900',
    icon_: 'text-green-700',
  },
  maintenance: {
    icon: Wrench,
    box: 'border-amber-700/30 bg-amber-50 text-amber-900',
    icon_: 'text-amber-700',
  },
  incident: {
    icon: CircleAlert,
    box: 'border-red-700/30 bg-red-50 text-red-900',
    icon_: 'text-red-700',
  },
};

/** The line at the top: the spec's "all operational", or the worst state a row is in. */
export function StatusBanner({ state, updatedAt }: { state: ServiceState; updatedAt: Date }) {
  const { t, locale } = useI18n();
  const { icon: Icon, box, icon_ } = look[state];
  const text = {
    operational: t.status.allOperational,
    maintenance: t.statusLive.someMaintenance,
    incident: t.statusLive.someIncident,
  }[state];
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-2 rounded-2xl border p-6 sm:flex-row sm:items-center sm:justify-between',
        box,
      )}
    >
      <p className="flex items-center gap-3 text-lg font-semibold">
        <Icon aria-hidden="true" className={cn('size-7 shrink-0', icon_)} />
        {text}
      </p>
      <p className="text-sm" data-testid="status-updated">
        <time dateTime={updatedAt.toISOString()}>
          {t.status.lastUpdated(formatDateTime(updatedAt, locale))}
        </time>
      </p>
    </div>
  );
}
