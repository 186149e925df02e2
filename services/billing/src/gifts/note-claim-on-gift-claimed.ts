import { GiftClaimedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';

/**
 * Access's claim of a gift, kept on the gift's stream: from then on staff's refund follows the
 * tool's rules, and GiftRefunded says the recipient had it (access revokes the grant).
 */
export const noteClaimOnGiftClaimed = () =>
  on<typeof GiftClaimedV1, BillingTx>(GiftClaimedV1, async (data, _envelope, ctx) => {
    await ctx.decide(giftStreamId(data.giftId), giftDecider, {
      kind: 'note-claim',
      giftId: data.giftId,
      recipientId: data.recipientId,
      claimedAt: data.claimedAt,
    });
  });
