import { UserEmailVerifiedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { verifiedEmailDecider, verifiedEmailStreamId } from './verified-email.js';

/** Keeps which address each user verified: a free trial needs one. */
export const noteVerifiedEmailOnUserEmailVerified = () =>
  on<typeof UserEmailVerifiedV1, BillingTx>(UserEmailVerifiedV1, async (data, _envelope, ctx) => {
    await ctx.decide(verifiedEmailStreamId(data.userId), verifiedEmailDecider, {
      userId: data.userId,
      email: data.email,
      verifiedAt: data.verifiedAt,
    });
  });
