import { AccessRevokedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { customerDecider } from '../customers/customer-decider.js';
import { customerStreamId } from '../shared/ids.js';

/**
 * An admin revoked a purchased tool in access: billing no longer counts it as owned, so the
 * customer can buy it again (issue 20, item 6). Refunds and disputes release it here already.
 */
export const releaseOwnershipOnAccessRevoked = () =>
  on<typeof AccessRevokedV2, BillingTx>(AccessRevokedV2, async (data, _envelope, ctx) => {
    if (data.reason !== 'admin' || data.source?.kind !== 'purchase') return;
    await ctx.decide(customerStreamId(data.userId), customerDecider, {
      kind: 'release-payment',
      userId: data.userId,
      paymentId: data.source.ref,
    });
  });
