import { PaymentSucceededV2 } from '@mia/contracts';
import { enqueueMail, on } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { paymentStreamId } from '../shared/ids.js';
import { recipientOf } from './recipient.js';
import { receiptMail } from './templates/receipt.js';
import { teamReceiptMail } from './templates/team-receipt.js';

/**
 * A receipt for every successful payment. ReceiptSent and the queued mail commit together, so
 * each payment gets one receipt; the kit's mail worker sends it after commit, so a slow mail
 * server never holds billing's append lock.
 */
export const sendReceiptOnPaymentSucceeded = (billing: Pick<Billing, 'schema' | 'logger'>) =>
  on<typeof PaymentSucceededV2, BillingTx>(PaymentSucceededV2, async (data, _envelope, ctx) => {
    const to = await recipientOf(ctx.tx, data.userId);
    if (!to) {
      billing.logger.warn({ paymentId: data.paymentId }, 'no address on record for the receipt');
      return;
    }
    const { decided } = await ctx.decide(paymentStreamId(data.paymentId), paymentDecider, {
      kind: 'mark-receipt-sent',
      paymentId: data.paymentId,
    });
    if (decided.length === 0) return;
    // A church's team plan has its own receipt: what the buyer paid opens nothing to them.
    const team =
      data.purpose.kind === 'subscription'
        ? await ctx.tx.subscription.findUnique({
            where: { subscriptionId: data.purpose.subscriptionId },
            select: { teamName: true, seats: true },
          })
        : null;
    const mail = team?.teamName
      ? teamReceiptMail(to.locale, {
          name: to.name,
          teamName: team.teamName,
          seats: team.seats ?? 0,
          amountCents: data.amountCents,
          paidAt: data.paidAt,
          cardLast4: data.cardLast4,
          paymentId: data.paymentId,
        })
      : receiptMail(to.locale, {
          name: to.name,
          description: data.description,
          amountCents: data.amountCents,
          paidAt: data.paidAt,
          cardLast4: data.cardLast4,
          paymentId: data.paymentId,
          // v2 carries the discount a tool's checkout fixed (plans' coupons are the provider's).
          discountCents: data.discountCents,
          promotionCode: data.promotionCode,
        });
    await enqueueMail(ctx.sql, billing.schema, {
      key: `receipt:${data.paymentId}`,
      mail: { to: to.email, ...mail, meta: { kind: 'receipt', paymentId: data.paymentId } },
    });
  });
