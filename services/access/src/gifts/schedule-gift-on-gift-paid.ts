import { GiftPaidV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';

/** A paid gift waits for its `sendAt` in access (the sweep mails it then, gift-sweep.ts). */
export const scheduleGiftOnGiftPaid = on<typeof GiftPaidV1, AccessTx>(
  GiftPaidV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(giftStreamId(data.giftId), giftDecider, {
      kind: 'schedule',
      giftId: data.giftId,
      buyerId: data.buyerId,
      paymentId: data.paymentId,
      item: data.item,
      recipientEmail: data.recipientEmail,
      message: data.message,
      sendAt: data.sendAt,
      paidAt: data.paidAt,
    });
  },
);
