import { instantSchema, ownIdSchema } from '@mia/contracts';
import {
  defineDomainEvent,
  fold,
  readerOf,
  readEvents,
  type Decider,
  type EventOf,
  type EventStoreSession,
} from '@mia/service-kit';
import { z } from 'zod';

/**
 * Identity reported that the user proved they read this address (UserEmailVerified). Billing
 * keeps its own record so a trial decision reads it in its own transaction, with no call to
 * identity.
 */
export const EmailVerificationNoted = defineDomainEvent(
  'EmailVerificationNoted',
  z.strictObject({ userId: ownIdSchema, email: z.string(), verifiedAt: instantSchema }),
);
type VerificationEvent = EventOf<typeof EmailVerificationNoted>;

export interface NoteEmailVerified {
  userId: string;
  email: string;
  verifiedAt: string;
}

export interface VerifiedEmail {
  /** The address last verified, as identity sent it; null until one is. */
  email: string | null;
  verifiedAt: string | null;
}

export const verifiedEmailStreamId = (userId: string): string => `verified-email-${userId}`;

/**
 * Notes a verified address once (a redelivered event decides nothing); of two different
 * addresses the later verification wins, whichever arrives first.
 */
export const verifiedEmailDecider: Decider<NoteEmailVerified, VerifiedEmail, VerificationEvent> = {
  name: 'verified-email',
  initialState: () => ({ email: null, verifiedAt: null }),
  evolve: (_state, { data }) => ({ email: data.email, verifiedAt: data.verifiedAt }),
  decide(command, state) {
    if (state.email === command.email) return [];
    if (state.verifiedAt && Date.parse(state.verifiedAt) > Date.parse(command.verifiedAt)) {
      return [];
    }
    return [{ type: 'EmailVerificationNoted', data: command }];
  },
  read: readerOf<VerificationEvent>([EmailVerificationNoted]),
};

/** The user's verified address as billing last heard of it, read inside a decision's transaction. */
export async function verifiedEmailOf(
  session: Pick<EventStoreSession<unknown>, 'readStream'>,
  userId: string,
): Promise<string | null> {
  const stored = await session.readStream(verifiedEmailStreamId(userId));
  return fold(verifiedEmailDecider, readEvents(verifiedEmailDecider, stored)).email;
}
