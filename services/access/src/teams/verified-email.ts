import { instantSchema, ownIdSchema, UserEmailVerifiedV1 } from '@mia/contracts';
import { defineDomainEvent, on, readerOf, type Decider, type EventOf } from '@mia/service-kit';
import { z } from 'zod';
import type { AccessTx } from '../db.js';

// Accepting a team invitation needs the address the invitee proved they read (identity's
// UserEmailVerified): access keeps its own record, read inside the accept's transaction.

export const VerifiedEmailRecorded = defineDomainEvent(
  'VerifiedEmailRecorded',
  z.object({ userId: ownIdSchema, email: z.string().min(1), verifiedAt: instantSchema }),
);
type VerifiedEmailEvent = EventOf<typeof VerifiedEmailRecorded>;

export interface VerifiedEmailState {
  email: string | null;
  verifiedAt: string | null;
}

export const verifiedEmailStreamId = (userId: string): string => `verified-email-${userId}`;

/** Once per address; of two addresses the later verification wins, whichever arrives first. */
export const verifiedEmailDecider: Decider<
  VerifiedEmailEvent['data'],
  VerifiedEmailState,
  VerifiedEmailEvent
> = {
  name: 'verified-email',
  initialState: () => ({ email: null, verifiedAt: null }),
  evolve: (_state, { data }) => ({ email: data.email, verifiedAt: data.verifiedAt }),
  decide(command, state) {
    if (state.email === command.email) return [];
    if (state.verifiedAt && Date.parse(state.verifiedAt) > Date.parse(command.verifiedAt))
      return [];
    return [{ type: 'VerifiedEmailRecorded', data: command }];
  },
  read: readerOf<VerifiedEmailEvent>([VerifiedEmailRecorded]),
};

export const recordVerifiedEmailOnUserEmailVerified = on<typeof UserEmailVerifiedV1, AccessTx>(
  UserEmailVerifiedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(verifiedEmailStreamId(data.userId), verifiedEmailDecider, {
      userId: data.userId,
      email: data.email,
      verifiedAt: data.verifiedAt,
    });
  },
);
