import { UserEmailVerifiedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { verifiedEmailDecider, verifiedEmailStreamId } from './verified-email.js';

/** Keeps which address each user verified, for claims signed in with a verified address. */
export const noteVerifiedEmailOnUserEmailVerified = on<typeof UserEmailVerifiedV1, AccessTx>(
  UserEmailVerifiedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(verifiedEmailStreamId(data.userId), verifiedEmailDecider, {
      userId: data.userId,
      email: data.email,
      verifiedAt: data.verifiedAt,
    });
  },
);
