import { GiftRefundedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { entitlementsDecider } from '../entitlements/entitlements-decider.js';
import { entitlementsStreamId, grantIds } from '../entitlements/entitlement-events.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';

/**
 * A refunded gift ends: an unclaimed link stops working; a claimed gift's grant is revoked
 * (reason `refund`) in the same transaction. The gift's own record says whether it was claimed
 * (billing's `wasClaimed` may predate a claim still on its way to billing).
 */
export const endGiftOnGiftRefunded = on<typeof GiftRefundedV1, AccessTx>(
  GiftRefundedV1,
  async (data, _envelope, ctx) => {
    const { state } = await ctx.decide(giftStreamId(data.giftId), giftDecider, {
      kind: 'refund',
      giftId: data.giftId,
      refundedAt: data.refundedAt,
    });
    if (!state.claim) return;
    await ctx.decide(entitlementsStreamId(state.claim.recipientId), entitlementsDecider, {
      kind: 'revoke-source',
      userId: state.claim.recipientId,
      grantId: grantIds.gift(data.giftId),
      reason: 'refund',
    });
  },
);
