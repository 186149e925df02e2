import {
  DisputeClosedV2,
  PaymentDisputedV2,
  PaymentFailedV1,
  PaymentRefundedV2,
  PaymentSucceededV2,
  type PaymentPurpose,
} from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { SupportTx } from '../db.js';

// The customer's payments as billing reported them. A refund or dispute may arrive before the
// payment it concerns (different streams), so each event fills its own columns of one row.

const purposeColumns = (purpose: PaymentPurpose) => [
  purpose.kind,
  purpose.kind === 'product' ? purpose.productId : null,
  purpose.kind === 'subscription' ? purpose.plan : null,
];

export const recordPaymentOnPaymentSucceeded = on<typeof PaymentSucceededV2, SupportTx>(
  PaymentSucceededV2,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_payments (payment_id, user_id, purpose_kind, product_id, plan,
         amount_cents, currency, description, paid_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::int, $7, $8, $9::timestamptz, $10::timestamptz)
       ON CONFLICT (payment_id) DO UPDATE SET
         purpose_kind = EXCLUDED.purpose_kind, product_id = EXCLUDED.product_id,
         plan = EXCLUDED.plan, amount_cents = EXCLUDED.amount_cents,
         currency = EXCLUDED.currency, description = EXCLUDED.description,
         paid_at = EXCLUDED.paid_at, updated_at = EXCLUDED.updated_at`,
      [
        data.paymentId,
        data.userId,
        ...purposeColumns(data.purpose),
        data.amountCents,
        data.currency,
        data.description,
        data.paidAt,
        ctx.now.toISOString(),
      ],
    );
  },
);

export const recordFailureOnPaymentFailed = on<typeof PaymentFailedV1, SupportTx>(
  PaymentFailedV1,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_payments (payment_id, user_id, purpose_kind, product_id, plan,
         amount_cents, currency, failed_at, failure_code, failure_message, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::int, $7, $8::timestamptz, $9, $10,
         $11::timestamptz)
       ON CONFLICT (payment_id) DO UPDATE SET
         purpose_kind = coalesce(customer_payments.purpose_kind, EXCLUDED.purpose_kind),
         product_id = coalesce(customer_payments.product_id, EXCLUDED.product_id),
         plan = coalesce(customer_payments.plan, EXCLUDED.plan),
         amount_cents = coalesce(customer_payments.amount_cents, EXCLUDED.amount_cents),
         currency = coalesce(customer_payments.currency, EXCLUDED.currency),
         failed_at = EXCLUDED.failed_at, failure_code = EXCLUDED.failure_code,
         failure_message = EXCLUDED.failure_message, updated_at = EXCLUDED.updated_at`,
      [
        data.paymentId,
        data.userId,
        ...purposeColumns(data.purpose),
        data.amountCents,
        data.currency,
        data.failedAt,
        data.code,
        data.message,
        ctx.now.toISOString(),
      ],
    );
  },
);

export const recordRefundOnPaymentRefunded = on<typeof PaymentRefundedV2, SupportTx>(
  PaymentRefundedV2,
  async (data, _envelope, ctx) => {
    // The inbox makes each refund count once, so adding up is safe.
    await ctx.sql.query(
      `INSERT INTO customer_payments (payment_id, user_id, refunded_cents, fully_refunded,
         refunded_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3::int, $4::boolean, $5::timestamptz, $6::timestamptz)
       ON CONFLICT (payment_id) DO UPDATE SET
         refunded_cents = customer_payments.refunded_cents + EXCLUDED.refunded_cents,
         fully_refunded = customer_payments.fully_refunded OR EXCLUDED.fully_refunded,
         refunded_at = greatest(customer_payments.refunded_at, EXCLUDED.refunded_at),
         updated_at = EXCLUDED.updated_at`,
      [
        data.paymentId,
        data.userId,
        data.amountCents,
        data.full,
        data.refundedAt,
        ctx.now.toISOString(),
      ],
    );
  },
);

/**
 * Opens a dispute (`open`: a chargeback; `inquiry`: the bank only asked) unless its outcome is
 * already known (the closing may arrive first). An inquiry that escalates is announced again as
 * a chargeback and becomes `open`; nothing turns a chargeback back into an inquiry.
 */
export const recordDisputeOnPaymentDisputed = on<typeof PaymentDisputedV2, SupportTx>(
  PaymentDisputedV2,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_payments (payment_id, user_id, dispute_status, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, $4::timestamptz)
       ON CONFLICT (payment_id) DO UPDATE SET
         dispute_status = CASE
           WHEN customer_payments.dispute_status IS NULL
             OR customer_payments.dispute_status = 'inquiry'
           THEN EXCLUDED.dispute_status
           ELSE customer_payments.dispute_status END,
         updated_at = EXCLUDED.updated_at`,
      [data.paymentId, data.userId, data.inquiry ? 'inquiry' : 'open', ctx.now.toISOString()],
    );
  },
);

export const recordOutcomeOnDisputeClosed = on<typeof DisputeClosedV2, SupportTx>(
  DisputeClosedV2,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_payments (payment_id, user_id, dispute_status, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, $4::timestamptz)
       ON CONFLICT (payment_id) DO UPDATE SET
         dispute_status = EXCLUDED.dispute_status, updated_at = EXCLUDED.updated_at`,
      [data.paymentId, data.userId, data.outcome, ctx.now.toISOString()],
    );
  },
);
