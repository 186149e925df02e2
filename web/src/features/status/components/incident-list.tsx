import { Badge } from '@/components/ui/badge';
import { formatDateTime, useI18n } from '@/i18n';
import type { StatusIncident } from '@/features/status/api/get-status';
import { serviceKeyOf } from '@/features/status/data';

/**
 * Open and recently resolved incidents as staff wrote them. Titles and bodies are rendered as
 * text (React escapes them), never as HTML.
 */
export function IncidentList({ incidents }: { incidents: readonly StatusIncident[] }) {
  const { t, locale } = useI18n();
  const copy = t.statusLive;
  if (incidents.length === 0) return <p className="mt-5 text-navy-700">{copy.noIncidents}</p>;
  return (
    <ul className="mt-5 space-y-4">
      {incidents.map((incident) => {
        const type = incident.type === 'maintenance' ? 'maintenance' : 'incident';
        const names = incident.services
          .map((name) => serviceKeyOf(name))
          .flatMap((key) => (key ? [t.status.services[key].name] : []));
        return (
          <li
            key={incident.id}
            className="rounded-2xl border border-cream-300/70 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={type === 'maintenance' ? 'warning' : 'danger'}>
                {copy.types[type]}
              </Badge>
              <Badge variant={incident.resolvedAt ? 'success' : 'neutral'}>
                {incident.resolvedAt ? t.status.states.operational : copy.ongoing}
              </Badge>
            </div>
            <h3 className="mt-3 font-semibold break-words text-navy-900">{incident.title}</h3>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-navy-700">
              {incident.body}
            </p>
            {names.length > 0 && (
              <p className="mt-2 text-sm text-navy-700">{copy.affects(names.join(', '))}</p>
            )}
            <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-navy-700">
              <time dateTime={incident.startedAt}>
                {copy.started(formatDateTime(new Date(incident.startedAt), locale))}
              </time>
              {incident.resolvedAt && (
                <time dateTime={incident.resolvedAt}>
                  {copy.resolved(formatDateTime(new Date(incident.resolvedAt), locale))}
                </time>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
