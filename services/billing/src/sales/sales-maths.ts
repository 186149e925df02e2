import type { SalesMetricsResponse } from '@mia/contracts';
import { bucketOf, daysOf, type DayRange, type SalesInterval } from './sales-range.js';

// The sales view's arithmetic, apart from the queries that feed it (sales-metrics.ts).
// Definitions (also in the README's "Sales view"): all days are UTC days.
// - gross: amounts of the payments that succeeded, by the day they were paid;
// - refunded: refunds by the day they were made; disputed: disputes lost, by the day closed;
// - net = gross − refunded − disputed;
// - MRR at `to`: each plan active at the end of `to` counts the amount of its latest invoice paid
//   by then, a monthly one whole and an annual one divided by 12;
// - activePlans: those plans, by the interval of that invoice;
// - newCustomers: users whose first successful payment falls in the range;
// - trials started in the range, and converted: those whose user paid for a plan or a tool
//   after the trial started, by the end of `to`;
// - disputes: open at the end of `to`; won (the money kept: won, inquiry closed, prevented) and
//   lost, closed in the range;
// - topTools: tools by revenue in the range (then sales, then uses), with their uses.

export type SeriesPoint = SalesMetricsResponse['series'][number];
type Counts = Omit<SeriesPoint, 'date'>;

/** What one query found for one day (only the counts it knows). */
export type DayFacts = { day: string } & Partial<Counts>;

const zero = (date: string): SeriesPoint => ({
  date,
  grossCents: 0,
  refundedCents: 0,
  newCustomers: 0,
  uses: 0,
});

/**
 * The chart's points: one per day or month of the range, zero where nothing happened, each
 * fact added to the point its day falls in. A month is named by its first day (`2026-03-01`)
 * and holds only the range's days of it.
 */
export function salesSeries(
  range: DayRange,
  interval: SalesInterval,
  facts: readonly DayFacts[],
): SeriesPoint[] {
  const points = new Map<string, SeriesPoint>();
  for (const day of daysOf(range)) {
    const key = bucketOf(day, interval);
    if (!points.has(key)) points.set(key, zero(key));
  }
  for (const { day, ...counts } of facts) {
    const point = points.get(bucketOf(day, interval));
    if (!point) continue; // outside the range: the queries should not have found it
    point.grossCents += counts.grossCents ?? 0;
    point.refundedCents += counts.refundedCents ?? 0;
    point.newCustomers += counts.newCustomers ?? 0;
    point.uses += counts.uses ?? 0;
  }
  return [...points.values()];
}

/** The series' totals (the headline numbers agree with the chart by construction). */
export const seriesTotals = (series: readonly SeriesPoint[]): Counts =>
  series.reduce(
    (sum, p) => ({
      grossCents: sum.grossCents + p.grossCents,
      refundedCents: sum.refundedCents + p.refundedCents,
      newCustomers: sum.newCustomers + p.newCustomers,
      uses: sum.uses + p.uses,
    }),
    { grossCents: 0, refundedCents: 0, newCustomers: 0, uses: 0 },
  );

export function revenue(grossCents: number, refundedCents: number, disputedCents: number) {
  return {
    grossCents,
    refundedCents,
    disputedCents,
    netCents: grossCents - refundedCents - disputedCents,
  };
}

/** Share of the trials started that converted, 0..1 to four decimals (0 when none started). */
export const conversionRate = (started: number, converted: number): number =>
  started === 0 ? 0 : Math.round((converted / started) * 10_000) / 10_000;

export interface ActivePlan {
  plan: 'monthly' | 'annual';
  /** What its latest invoice charged (discounts included). */
  amountCents: number;
}

/** MRR and the plan counts from the plans active at the end of `to`. */
export function recurringRevenue(plans: readonly ActivePlan[]): {
  mrrCents: number;
  activePlans: { monthly: number; annual: number };
} {
  let monthlyCents = 0;
  let annualCents = 0;
  const activePlans = { monthly: 0, annual: 0 };
  for (const p of plans) {
    activePlans[p.plan] += 1;
    if (p.plan === 'monthly') monthlyCents += p.amountCents;
    else annualCents += p.amountCents;
  }
  // Annual money spread over twelve months, rounded once on the sum (not per plan).
  return { mrrCents: monthlyCents + Math.round(annualCents / 12), activePlans };
}

export type ToolFigures = SalesMetricsResponse['topTools'][number];

/**
 * The best tools of the range: sales and revenue joined with uses (a tool used but not sold in
 * the range is listed too), by revenue, then sales, then uses, then id; at most `limit`.
 */
export function topTools(
  sales: readonly { productId: string; sales: number; revenueCents: number }[],
  uses: readonly { productId: string; uses: number }[],
  limit = 10,
): ToolFigures[] {
  const tools = new Map<string, ToolFigures>();
  const tool = (productId: string) => {
    let t = tools.get(productId);
    if (!t) tools.set(productId, (t = { productId, sales: 0, revenueCents: 0, uses: 0 }));
    return t;
  };
  for (const s of sales) {
    const t = tool(s.productId);
    t.sales += s.sales;
    t.revenueCents += s.revenueCents;
  }
  for (const u of uses) tool(u.productId).uses += u.uses;
  return [...tools.values()]
    .sort(
      (a, b) =>
        b.revenueCents - a.revenueCents ||
        b.sales - a.sales ||
        b.uses - a.uses ||
        (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
    )
    .slice(0, limit);
}
