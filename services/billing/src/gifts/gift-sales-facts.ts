import { GiftPaidV1, type GiftItem } from '@mia/contracts';
import type { Sql, StoredEvent } from '@mia/service-kit';
import { GiftRefundRecorded } from './gift-events.js';

/** The gift events the sales view counts: a gift's money is revenue like a purchase's. */
export const giftSalesEventTypes = [GiftPaidV1.type, GiftRefundRecorded.type] as const;

const itemColumns = (item: GiftItem) =>
  item.kind === 'product' ? [item.productId, null] : [null, item.plan];

/**
 * A gift's payment or refund as a sales fact, keyed like the purchases' (the gift's payment id,
 * the refund event): gross revenue, refunds and a tool's sales count it; a gifted plan period
 * names its plan but no subscription, so it never counts as a recurring plan.
 */
export async function applyGiftSalesFact(event: StoredEvent, sql: Sql): Promise<void> {
  switch (event.type) {
    case GiftPaidV1.type: {
      const d = GiftPaidV1.schema.parse(event.data);
      await sql.query(
        `INSERT INTO sales_payments (payment_id, user_id, paid_at, amount_cents, currency,
             product_id, plan)
           VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4, $5, $6, $7)
           ON CONFLICT (payment_id) DO UPDATE SET paid_at = EXCLUDED.paid_at,
             amount_cents = EXCLUDED.amount_cents, currency = EXCLUDED.currency`,
        [d.paymentId, d.buyerId, d.paidAt, d.amountCents, d.currency, ...itemColumns(d.item)],
      );
      return;
    }
    case GiftRefundRecorded.type: {
      const d = GiftRefundRecorded.schema.parse(event.data);
      await sql.query(
        `INSERT INTO sales_refunds (event_id, payment_id, refunded_at, amount_cents, product_id)
           VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4, $5)
           ON CONFLICT (event_id) DO NOTHING`,
        [event.id, d.paymentId, d.refundedAt, d.amountCents, itemColumns(d.item)[0]],
      );
      return;
    }
  }
}
