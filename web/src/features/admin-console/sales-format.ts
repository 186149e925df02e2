import type { SalesMetricsResponse } from '@mia/contracts';

export type Interval = 'day' | 'month';

export interface DateRange {
  from: string;
  to: string;
  interval: Interval;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The last 30 days up to today (UTC, as the sales view counts), by day. */
export function defaultRange(now: Date): DateRange {
  const from = new Date(now);
  from.setUTCDate(from.getUTCDate() - 29);
  return { from: isoDay(from), to: isoDay(now), interval: 'day' };
}

/** The last twelve months by month, from the first day of the month eleven months back. */
export function yearRange(now: Date): DateRange {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: isoDay(from), to: isoDay(now), interval: 'month' };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Null when the range can be asked for; otherwise which rule it breaks (the picker says it). */
export function rangeProblem(range: DateRange): 'incomplete' | 'reversed' | null {
  if (!DAY.test(range.from) || !DAY.test(range.to)) return 'incomplete';
  return range.from > range.to ? 'reversed' : null;
}

export const rangeQuery = (range: DateRange): string =>
  new URLSearchParams({ from: range.from, to: range.to, interval: range.interval }).toString();

/**
 * A series date as its axis label: '2026-11-25' → '25 nov.' by day, '2026-11' or '2026-11-01' →
 * 'nov. 2026' by month. Dates are read as UTC days so no timezone moves them.
 */
export function seriesLabel(date: string, interval: Interval, intlLocale: string): string {
  const [year, month = '01', day = '01'] = date.split('-');
  const when = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const options: Intl.DateTimeFormatOptions =
    interval === 'day'
      ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale, options).format(when);
}

export interface SeriesPoint {
  label: string;
  date: string;
  /** Dollars, as the charts draw them. */
  gross: number;
  refunded: number;
  newCustomers: number;
  uses: number;
}

export function seriesPoints(
  metrics: SalesMetricsResponse,
  interval: Interval,
  intlLocale: string,
): SeriesPoint[] {
  return metrics.series.map((point) => ({
    label: seriesLabel(point.date, interval, intlLocale),
    date: point.date,
    gross: point.grossCents / 100,
    refunded: point.refundedCents / 100,
    newCustomers: point.newCustomers,
    uses: point.uses,
  }));
}

/** The top tools, best sellers first, named for people (an unknown id stays as it is). */
export function topToolRows(
  metrics: SalesMetricsResponse,
  nameOf: (productId: string) => string | undefined,
  limit = 10,
) {
  return [...metrics.topTools]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.sales - a.sales)
    .slice(0, limit)
    .map((tool) => ({ ...tool, name: nameOf(tool.productId) ?? tool.productId }));
}

/** Where the CSV exports are downloaded (billing streams them; the browser sends the cookie). */
export const exportLinks = (range: DateRange) => ({
  payments: `/api/admin/exports/payments.csv?${new URLSearchParams({ from: range.from, to: range.to })}`,
  customers: '/api/admin/exports/customers.csv',
});
