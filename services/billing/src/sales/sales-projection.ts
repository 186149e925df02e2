import {
  DisputeClosedV2,
  PaymentDisputedV2,
  PaymentRefundedV2,
  PaymentSucceededV1,
  type PaymentPurpose,
} from '@mia/contracts';
import type { Projection, Sql, StoredEvent } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { ToolUseNoted } from '../disputes/dispute-events.js';
import { applyGiftSalesFact, giftSalesEventTypes } from '../gifts/gift-sales-facts.js';
import { PaymentStarted } from '../payments/payment-events.js';
import { tallyToolUses } from './tool-use-tally.js';

const purposeColumns = (purpose: PaymentPurpose) =>
  purpose.kind === 'product'
    ? [purpose.productId, null, null]
    : [null, purpose.subscriptionId, purpose.plan];

/** Adds uses per UTC day and tool: one use or a replayed chunk's worth. */
const ADD_USES = `
  INSERT INTO sales_tool_uses AS t (day, product_id, uses)
  SELECT * FROM unnest($1::date[], $2::text[], $3::int[])
  ON CONFLICT (day, product_id) DO UPDATE SET uses = t.uses + excluded.uses`;

/**
 * The sales view's facts (sales_*), from billing's own events and its copy of access's uses.
 *
 * Idempotent by construction: every row is keyed by what it records (the payment, the refund
 * event, the dispute), and applying the same event again leaves it as it was. The one counter,
 * uses per tool and day, is incremented once per stored ToolUseNoted: a projection runs in the
 * transaction that appends the event, and a redelivered GptOpened is dropped by the inbox
 * (ADR 0003) before anything is appended. Rows written by events of different streams (the
 * counter) are written commutatively, as Projection requires.
 */
export const salesProjection: Projection<BillingTx> = {
  name: 'billing-sales',
  handles: [
    PaymentStarted.type,
    PaymentSucceededV1.type,
    PaymentRefundedV2.type,
    PaymentDisputedV2.type,
    DisputeClosedV2.type,
    ToolUseNoted.type,
    ...giftSalesEventTypes,
  ],
  async apply(event, ctx) {
    await salesProjection.applyBatch!([event], ctx);
  },
  /**
   * Replay hands over a chunk of the store at once: a store is mostly uses, so a chunk's uses
   * are added per tool and day in one statement; the money facts go one by one, in order.
   */
  async applyBatch(events, { sql }) {
    const uses = tallyToolUses(events);
    if (uses.length > 0) {
      await sql.query(ADD_USES, [
        uses.map((u) => u.day),
        uses.map((u) => u.productId),
        uses.map((u) => u.uses),
      ]);
    }
    for (const event of events) {
      if (event.type !== ToolUseNoted.type) await applyMoneyFact(event, sql);
    }
  },
  async reset({ sql }) {
    await sql.query('TRUNCATE sales_payments, sales_refunds, sales_disputes, sales_tool_uses');
  },
};

/** One payment, refund or dispute fact, keyed by what it records. */
async function applyMoneyFact(event: StoredEvent, sql: Sql): Promise<void> {
  switch (event.type) {
    case PaymentStarted.type: {
      // Only the discount is taken from a checkout; the rest waits for its success.
      const d = PaymentStarted.schema.parse(event.data);
      await sql.query(
        `INSERT INTO sales_payments (payment_id, user_id, discount_cents, currency, product_id,
             subscription_id, plan)
           VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::uuid, $7)
           ON CONFLICT (payment_id) DO UPDATE SET discount_cents = EXCLUDED.discount_cents
             WHERE sales_payments.paid_at IS NULL`,
        [d.paymentId, d.userId, d.discountCents ?? 0, d.currency, ...purposeColumns(d.purpose)],
      );
      return;
    }
    // v2 (with its discount) and v1 (older streams) alike: the fields read here are v1's.
    case PaymentSucceededV1.type: {
      const d = PaymentSucceededV1.schema.parse(event.data);
      await sql.query(
        `INSERT INTO sales_payments (payment_id, user_id, paid_at, amount_cents, currency,
             product_id, subscription_id, plan)
           VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4, $5, $6, $7::uuid, $8)
           ON CONFLICT (payment_id) DO UPDATE SET paid_at = EXCLUDED.paid_at,
             amount_cents = EXCLUDED.amount_cents, currency = EXCLUDED.currency`,
        [d.paymentId, d.userId, d.paidAt, d.amountCents, d.currency, ...purposeColumns(d.purpose)],
      );
      return;
    }
    // Refunds and disputes are v2; the v1 twins older streams hold say the same thing again.
    case PaymentRefundedV2.type: {
      if (event.version !== PaymentRefundedV2.version) return;
      const d = PaymentRefundedV2.schema.parse(event.data);
      await sql.query(
        `INSERT INTO sales_refunds (event_id, payment_id, refunded_at, amount_cents, product_id)
           VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4, $5)
           ON CONFLICT (event_id) DO NOTHING`,
        [event.id, d.paymentId, d.refundedAt, d.amountCents, purposeColumns(d.purpose)[0]],
      );
      return;
    }
    case PaymentDisputedV2.type: {
      if (event.version !== PaymentDisputedV2.version) return;
      const d = PaymentDisputedV2.schema.parse(event.data);
      // An inquiry that escalates is announced again: same dispute, same row.
      await sql.query(
        `INSERT INTO sales_disputes (dispute_id, payment_id, amount_cents, opened_at)
           VALUES ($1, $2::uuid, $3, $4::timestamptz)
           ON CONFLICT (dispute_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents`,
        [d.disputeId, d.paymentId, d.amountCents, event.occurredAt],
      );
      return;
    }
    case giftSalesEventTypes[0]:
    case giftSalesEventTypes[1]:
      await applyGiftSalesFact(event, sql);
      return;
    case DisputeClosedV2.type: {
      if (event.version !== DisputeClosedV2.version) return;
      const d = DisputeClosedV2.schema.parse(event.data);
      await sql.query(
        `UPDATE sales_disputes SET outcome = $2, closed_at = $3::timestamptz
           WHERE dispute_id = $1 AND closed_at IS NULL`,
        [d.disputeId, d.outcome, event.occurredAt],
      );
      return;
    }
  }
}
