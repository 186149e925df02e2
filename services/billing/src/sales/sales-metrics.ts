import type { SalesMetricsQuery, SalesMetricsResponse } from '@mia/contracts';
import type { Sql } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import {
  conversionRate,
  recurringRevenue,
  revenue,
  salesSeries,
  seriesTotals,
  topTools,
  type ActivePlan,
  type DayFacts,
} from './sales-maths.js';
import { dayRange, type DayRange } from './sales-range.js';
import { num } from './sql-values.js';

// GET /api/admin/metrics: sums of the sales projection's rows (and of billing's trials and
// subscriptions read models), never a provider call. The definitions are in sales-maths.ts.

const DAY = `to_char((at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;

async function dayFacts(sql: Sql, r: DayRange): Promise<DayFacts[]> {
  const bounds = [r.start.toISOString(), r.end.toISOString()];
  const [gross, refunded, newCustomers, uses] = await Promise.all([
    sql.query<{ day: string; cents: unknown }>(
      `SELECT ${DAY} AS day, sum(amount_cents) AS cents
       FROM (SELECT paid_at AS at, amount_cents FROM sales_payments
             WHERE paid_at >= $1::timestamptz AND paid_at < $2::timestamptz) p GROUP BY 1`,
      bounds,
    ),
    sql.query<{ day: string; cents: unknown }>(
      `SELECT ${DAY} AS day, sum(amount_cents) AS cents
       FROM (SELECT refunded_at AS at, amount_cents FROM sales_refunds
             WHERE refunded_at >= $1::timestamptz AND refunded_at < $2::timestamptz) r GROUP BY 1`,
      bounds,
    ),
    // A customer is new on the day of their first successful payment ever.
    sql.query<{ day: string; count: unknown }>(
      `SELECT ${DAY} AS day, count(*) AS count
       FROM (SELECT min(paid_at) AS at FROM sales_payments
             WHERE paid_at IS NOT NULL AND paid_at < $2::timestamptz GROUP BY user_id) f
       WHERE at >= $1::timestamptz GROUP BY 1`,
      bounds,
    ),
    sql.query<{ day: string; uses: unknown }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(uses) AS uses FROM sales_tool_uses
       WHERE day >= $1::date AND day <= $2::date GROUP BY 1`,
      [r.from, r.to],
    ),
  ]);
  return [
    ...gross.map((g) => ({ day: g.day, grossCents: num(g.cents) })),
    ...refunded.map((g) => ({ day: g.day, refundedCents: num(g.cents) })),
    ...newCustomers.map((g) => ({ day: g.day, newCustomers: num(g.count) })),
    ...uses.map((g) => ({ day: g.day, uses: num(g.uses) })),
  ];
}

async function disputes(sql: Sql, r: DayRange) {
  const [row] = await sql.query<Record<'open' | 'won' | 'lost' | 'lost_cents', unknown>>(
    `SELECT
       count(*) FILTER (WHERE opened_at < $2::timestamptz AND (closed_at IS NULL OR closed_at >= $2::timestamptz)) AS open,
       count(*) FILTER (WHERE closed_at >= $1::timestamptz AND closed_at < $2::timestamptz
                          AND outcome IN ('won', 'warning_closed', 'prevented')) AS won,
       count(*) FILTER (WHERE closed_at >= $1::timestamptz AND closed_at < $2::timestamptz AND outcome = 'lost') AS lost,
       coalesce(sum(amount_cents) FILTER (
         WHERE closed_at >= $1::timestamptz AND closed_at < $2::timestamptz AND outcome = 'lost'), 0) AS lost_cents
     FROM sales_disputes`,
    [r.start.toISOString(), r.end.toISOString()],
  );
  return {
    counts: { open: num(row?.open), won: num(row?.won), lost: num(row?.lost) },
    lostCents: num(row?.lost_cents),
  };
}

/**
 * Trials started in the range, and those whose user paid after the trial started (by `to`).
 * The provider stamps payments in whole seconds: a payment in the trial's first second counts.
 */
async function trials(sql: Sql, r: DayRange) {
  const [row] = await sql.query<{ started: unknown; converted: unknown }>(
    `SELECT count(*) AS started,
       count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM sales_payments p
         WHERE p.user_id = t.user_id AND p.paid_at >= date_trunc('second', t.started_at) AND p.paid_at < $2::timestamptz)) AS converted
     FROM trials t WHERE t.started_at >= $1::timestamptz AND t.started_at < $2::timestamptz`,
    [r.start.toISOString(), r.end.toISOString()],
  );
  const started = num(row?.started);
  const converted = num(row?.converted);
  return { started, converted, conversionRate: conversionRate(started, converted) };
}

/** Plans active at the end of `to`, each with its latest invoice paid by then. */
async function activePlans(sql: Sql, r: DayRange): Promise<ActivePlan[]> {
  const rows = await sql.query<{ plan: string; amount_cents: unknown }>(
    `SELECT coalesce(p.plan, s.plan) AS plan, coalesce(p.amount_cents, 0) AS amount_cents
     FROM subscriptions s
     LEFT JOIN LATERAL (
       SELECT plan, amount_cents FROM sales_payments
       WHERE subscription_id = s.subscription_id AND paid_at < $1::timestamptz
       ORDER BY paid_at DESC LIMIT 1) p ON true
     WHERE s.activated_at < $1::timestamptz AND (s.ended_at IS NULL OR s.ended_at >= $1::timestamptz)`,
    [r.end.toISOString()],
  );
  return rows.flatMap((row) =>
    row.plan === 'monthly' || row.plan === 'annual'
      ? [{ plan: row.plan, amountCents: num(row.amount_cents) }]
      : [],
  );
}

async function tools(sql: Sql, r: DayRange) {
  const [sales, uses] = await Promise.all([
    sql.query<{ product_id: string; sales: unknown; cents: unknown }>(
      `SELECT product_id, count(*) AS sales, sum(amount_cents) AS cents FROM sales_payments
       WHERE product_id IS NOT NULL AND paid_at >= $1::timestamptz AND paid_at < $2::timestamptz GROUP BY product_id`,
      [r.start.toISOString(), r.end.toISOString()],
    ),
    sql.query<{ product_id: string; uses: unknown }>(
      `SELECT product_id, sum(uses) AS uses FROM sales_tool_uses
       WHERE day >= $1::date AND day <= $2::date GROUP BY product_id`,
      [r.from, r.to],
    ),
  ]);
  return topTools(
    sales.map((s) => ({
      productId: s.product_id,
      sales: num(s.sales),
      revenueCents: num(s.cents),
    })),
    uses.map((u) => ({ productId: u.product_id, uses: num(u.uses) })),
  );
}

/**
 * One read-only snapshot (repeatable read) for all the figures, so the headline numbers, the
 * series and the tools agree even while payments are being recorded, on one connection.
 */
export async function salesMetrics(
  billing: Billing,
  query: SalesMetricsQuery,
): Promise<SalesMetricsResponse> {
  const range = dayRange(query.from, query.to);
  return billing.runner.transaction(async ({ sql }) => {
    await sql.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const facts = await dayFacts(sql, range);
    const disputed = await disputes(sql, range);
    const trialFigures = await trials(sql, range);
    const plans = await activePlans(sql, range);
    const topToolFigures = await tools(sql, range);
    const series = salesSeries(range, query.interval, facts);
    const totals = seriesTotals(series);
    return {
      revenue: revenue(totals.grossCents, totals.refundedCents, disputed.lostCents),
      ...recurringRevenue(plans),
      newCustomers: totals.newCustomers,
      trials: trialFigures,
      disputes: disputed.counts,
      topTools: topToolFigures,
      series,
    };
  });
}
