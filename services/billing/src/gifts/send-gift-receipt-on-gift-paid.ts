import { GiftPaidV1 } from '@mia/contracts';
import { enqueueMail, on } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';
import { recipientOf } from '../mail/recipient.js';
import { giftReceiptMail } from '../mail/templates/gift-receipt.js';
import { giftDecider } from './gift-decider.js';
import { giftItemName } from './gift-descriptions.js';
import { giftStreamId } from './gift-events.js';

/**
 * The buyer's receipt for each paid gift: GiftReceiptSent and the queued mail commit together,
 * so a redelivered GiftPaid sends nothing twice (the mail worker sends after commit).
 */
export const sendGiftReceiptOnGiftPaid = (
  billing: Pick<Billing, 'schema' | 'logger' | 'catalog'>,
) =>
  on<typeof GiftPaidV1, BillingTx>(GiftPaidV1, async (data, _envelope, ctx) => {
    const to = await recipientOf(ctx.tx, data.buyerId);
    if (!to) {
      billing.logger.warn({ giftId: data.giftId }, 'no address on record for the gift receipt');
      return;
    }
    const { decided, state } = await ctx.decide(giftStreamId(data.giftId), giftDecider, {
      kind: 'mark-receipt-sent',
      giftId: data.giftId,
    });
    if (decided.length === 0) return;
    const mail = giftReceiptMail(to.locale, {
      name: to.name,
      itemName: await giftItemName(billing, data.item, to.locale, ctx.tx),
      recipientEmail: data.recipientEmail,
      amountCents: data.amountCents,
      paidAt: data.paidAt,
      sendAt: data.sendAt,
      cardLast4: state.cardLast4,
      paymentId: data.paymentId,
    });
    await enqueueMail(ctx.sql, billing.schema, {
      key: `gift-receipt:${data.giftId}`,
      mail: { to: to.email, ...mail, meta: { kind: 'gift-receipt', giftId: data.giftId } },
    });
  });
