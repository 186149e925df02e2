import { cn } from '@/lib/cn';
import { formatDate, formatPercent, useI18n } from '@/i18n';
import type { StatusAnswer } from '@/features/status/api/get-status';
import { dayLook, meanAvailability, serviceRows, type DayLook } from '@/features/status/data';

const barColour: Record<DayLook, string> = {
  none: 'bg-cream-300',
  full: 'bg-green-600',
  partial: 'bg-amber-500',
  down: 'bg-red-600',
};

// Dates in the answer are UTC days; noon keeps them on the same day in every time zone.
const dayDate = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * One bar per day for each service over 90 days. Each bar carries its own text (date and
 * availability) for screen readers and a tooltip for pointers; colour is never the only cue.
 */
export function UptimeBars({ uptime }: { uptime: StatusAnswer['uptime'] }) {
  const { t, locale } = useI18n();
  const copy = t.statusLive;
  return (
    <ul className="mt-5 space-y-6">
      {serviceRows.map(({ key, name }) => {
        const days = uptime.find((u) => u.name === name)?.days ?? [];
        const serviceName = t.status.services[key].name;
        const mean = meanAvailability(days);
        return (
          <li key={key} data-uptime={key}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold text-navy-900">{serviceName}</h3>
              <p className="text-sm text-navy-700">
                {mean === null
                  ? copy.uptimeNoData
                  : copy.uptimeSummary(formatPercent(mean, locale, 2))}
              </p>
            </div>
            <ol aria-label={copy.uptimeBars(serviceName)} className="mt-2 flex h-8 gap-px">
              {days.map((day) => {
                const date = formatDate(dayDate(day.date), locale, { dateStyle: 'medium' });
                const label =
                  day.availability === null
                    ? copy.dayNoData(date)
                    : copy.dayAvailability(date, formatPercent(day.availability, locale, 2));
                return (
                  <li
                    key={day.date}
                    title={label}
                    data-look={dayLook(day.availability)}
                    className={cn(
                      'min-w-0 flex-1 rounded-[1px]',
                      barColour[dayLook(day.availability)],
                    )}
                  >
                    <span className="sr-only">{label}</span>
                  </li>
                );
              })}
            </ol>
            <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-navy-700">
              <span>{copy.ninetyDaysAgo}</span>
              <span>{copy.today}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** What the bar colours mean, in words. */
export function UptimeLegend() {
  const { t } = useI18n();
  const looks: DayLook[] = ['full', 'partial', 'down', 'none'];
  return (
    <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-navy-700">
      {looks.map((look) => (
        <li key={look} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('inline-block size-3 rounded-sm', barColour[look])}
          />
          {t.statusLive.legend[look]}
        </li>
      ))}
    </ul>
  );
}
