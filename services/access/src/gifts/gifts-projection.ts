import { GiftClaimedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import {
  GiftLinkSent,
  GiftRecipientChanged,
  GiftRefundNoted,
  GiftScheduled,
} from './gift-events.js';

/** The `gifts` table, from access's gift streams (replay rebuilds it). */
export const giftsProjection: Projection<AccessTx> = {
  name: 'gifts',
  handles: [
    GiftScheduled.type,
    GiftLinkSent.type,
    GiftRecipientChanged.type,
    GiftClaimedV1.type,
    GiftRefundNoted.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case GiftScheduled.type: {
        const data = GiftScheduled.schema.parse(event.data);
        await tx.gift.upsert({
          where: { giftId: data.giftId },
          create: {
            giftId: data.giftId,
            buyerId: data.buyerId,
            item: data.item,
            recipientEmail: data.recipientEmail,
            status: 'scheduled',
            sendAt: new Date(data.sendAt),
            paidAt: new Date(data.paidAt),
            updatedAt: at,
          },
          update: {},
        });
        return;
      }
      case GiftLinkSent.type: {
        const data = GiftLinkSent.schema.parse(event.data);
        await tx.gift.updateMany({
          where: { giftId: data.giftId },
          data: {
            status: 'sent',
            recipientEmail: data.recipientEmail,
            sentAt: new Date(data.sentAt),
            tokenHash: data.tokenHash,
            updatedAt: at,
          },
        });
        return;
      }
      case GiftRecipientChanged.type: {
        const data = GiftRecipientChanged.schema.parse(event.data);
        await tx.gift.updateMany({
          where: { giftId: data.giftId },
          data: { recipientEmail: data.recipientEmail, updatedAt: at },
        });
        return;
      }
      case GiftClaimedV1.type: {
        const data = GiftClaimedV1.schema.parse(event.data);
        await tx.gift.updateMany({
          where: { giftId: data.giftId },
          data: {
            status: 'claimed',
            claimedAt: new Date(data.claimedAt),
            updatedAt: at,
          },
        });
        return;
      }
      case GiftRefundNoted.type: {
        const data = GiftRefundNoted.schema.parse(event.data);
        await tx.gift.updateMany({
          where: { giftId: data.giftId },
          data: { status: 'refunded', updatedAt: at },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.gift.deleteMany();
  },
};
