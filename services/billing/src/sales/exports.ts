import type { paymentsExportQuerySchema } from '@mia/contracts';
import type { Sql } from '@mia/service-kit';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Billing } from '../billing.js';
import {
  GIFT_EXPORT_COLUMNS,
  GIFT_EXPORT_JOIN,
  giftExportDescription,
  type GiftExportColumns,
} from '../gifts/gift-exports.js';
import { CSV_BOM, csvAmount, csvRow, type CsvValue } from './csv.js';
import { dayRange } from './sales-range.js';
import { isoInstant, num } from './sql-values.js';

// The owner's CSV exports, streamed a batch at a time (keyset pagination, never the whole table
// in memory), written as the client reads them (backpressure).

const BATCH = 500;

async function streamCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<CsvValue[][]>,
): Promise<void> {
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('x-content-type-options', 'nosniff');
  res.write(CSV_BOM + csvRow(header));
  for await (const rows of batches) {
    // The client went away: stop reading the database for nobody.
    if (res.destroyed) return;
    if (!res.write(rows.map(csvRow).join(''))) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end();
}

/** Waits until the client took the buffered rows, or went away (then no drain ever comes). */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

interface PaymentRow extends GiftExportColumns {
  payment_id: string;
  paid_at: unknown;
  email: string | null;
  description: string | null;
  amount_cents: unknown;
  discount_cents: unknown;
  currency: string;
  status: string | null;
  refunded_cents: unknown;
  provider_payment_id: string | null;
}

/** Payments paid in the range, oldest first, with the payment record billing keeps. */
async function* paymentBatches(
  billing: Billing,
  start: Date,
  end: Date,
): AsyncIterable<CsvValue[][]> {
  const sql = billing.runner.sql;
  let after: { paidAt: string; id: string } | null = null;
  for (;;) {
    const rows: PaymentRow[] = await sql.query<PaymentRow>(
      `SELECT s.payment_id, s.paid_at, c.email, p.description, s.amount_cents, s.discount_cents,
         s.currency, p.status, p.refunded_cents, p.provider_payment_id, ${GIFT_EXPORT_COLUMNS}
       FROM sales_payments s
       LEFT JOIN payments p ON p.payment_id = s.payment_id
       ${GIFT_EXPORT_JOIN}
       LEFT JOIN customers c ON c.user_id = s.user_id
       WHERE s.paid_at >= $1::timestamptz AND s.paid_at < $2::timestamptz
         AND ($3::timestamptz IS NULL OR (s.paid_at, s.payment_id) > ($3::timestamptz, $4::uuid))
       ORDER BY s.paid_at, s.payment_id
       LIMIT ${BATCH}`,
      [start.toISOString(), end.toISOString(), after?.paidAt ?? null, after?.id ?? null],
    );
    if (rows.length === 0) return;
    yield await Promise.all(
      rows.map(async (r) => [
        r.payment_id,
        isoInstant(r.paid_at),
        r.email,
        r.description ?? (await giftExportDescription(billing, r)),
        csvAmount(num(r.amount_cents)),
        csvAmount(num(r.discount_cents)),
        r.currency.toUpperCase(),
        r.status ?? r.gift_status ?? 'succeeded',
        csvAmount(num(r.refunded_cents ?? r.gift_refunded_cents)),
        r.provider_payment_id ?? r.gift_provider_payment_id,
      ]),
    );
    const last = rows[rows.length - 1]!;
    after = { paidAt: isoInstant(last.paid_at)!, id: last.payment_id };
    if (rows.length < BATCH) return;
  }
}

/** GET /api/admin/exports/payments.csv?from=&to=: every payment paid in the range. */
export async function exportPayments(
  billing: Billing,
  res: Response,
  query: z.output<typeof paymentsExportQuerySchema>,
): Promise<void> {
  const range = dayRange(query.from, query.to);
  await streamCsv(
    res,
    `pagos-${range.from}-${range.to}.csv`,
    [
      'payment_id',
      'paid_at',
      'customer_email',
      'description',
      'amount',
      'discount',
      'currency',
      'status',
      'refunded',
      'provider_payment_id',
    ],
    paymentBatches(billing, range.start, range.end),
  );
}

interface CustomerRow {
  user_id: string;
  email: string | null;
  first_paid_at: unknown;
  paid_cents: unknown;
  refunded_cents: unknown;
  active_plan: string | null;
  tools_owned: unknown;
}

/** Everyone who paid at least once, by user id. */
async function* customerBatches(sql: Sql): AsyncIterable<CsvValue[][]> {
  let after: string | null = null;
  for (;;) {
    const rows: CustomerRow[] = await sql.query<CustomerRow>(
      `SELECT u.user_id, c.email, u.first_paid_at, u.paid_cents,
         (SELECT coalesce(sum(r.amount_cents), 0) FROM sales_refunds r
          JOIN sales_payments rp ON rp.payment_id = r.payment_id
          WHERE rp.user_id = u.user_id) AS refunded_cents,
         (SELECT s.plan FROM subscriptions s
          WHERE s.user_id = u.user_id AND s.activated_at IS NOT NULL AND s.ended_at IS NULL
          ORDER BY s.activated_at DESC LIMIT 1) AS active_plan,
         (SELECT count(*) FROM owned_products o WHERE o.user_id = u.user_id) AS tools_owned
       FROM (SELECT user_id, min(paid_at) AS first_paid_at, sum(amount_cents) AS paid_cents
             FROM sales_payments
             WHERE paid_at IS NOT NULL AND ($1::uuid IS NULL OR user_id > $1::uuid)
             GROUP BY user_id ORDER BY user_id LIMIT ${BATCH}) u
       LEFT JOIN customers c ON c.user_id = u.user_id
       ORDER BY u.user_id`,
      [after],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => [
      r.user_id,
      r.email,
      isoInstant(r.first_paid_at),
      csvAmount(num(r.paid_cents)),
      csvAmount(num(r.refunded_cents)),
      r.active_plan,
      num(r.tools_owned),
    ]);
    after = rows[rows.length - 1]!.user_id;
    if (rows.length < BATCH) return;
  }
}

/** GET /api/admin/exports/customers.csv: every paying customer and what they hold now. */
export async function exportCustomers(billing: Billing, res: Response): Promise<void> {
  await streamCsv(
    res,
    `clientes-${billing.clock().toISOString().slice(0, 10)}.csv`,
    [
      'user_id',
      'email',
      'first_purchase_at',
      'total_paid',
      'refunded',
      'active_plan',
      'tools_owned',
    ],
    customerBatches(billing.runner.sql),
  );
}
