import { instantSchema, ownIdSchema } from '@mia/contracts';
import { defineDomainEvent, readerOf, type Decider, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

/**
 * Identity reported that the user proved they read this address (UserEmailVerified). Access
 * keeps its own record so a claim (a gift, an invitation) is decided in access's transaction,
 * with no call to identity.
 */
export const EmailVerificationNoted = defineDomainEvent(
  'EmailVerificationNoted',
  z.strictObject({ userId: ownIdSchema, email: z.string().min(1), verifiedAt: instantSchema }),
);
type VerificationEvent = EventOf<typeof EmailVerificationNoted>;

export interface NoteEmailVerified {
  userId: string;
  email: string;
  verifiedAt: string;
}

export interface VerifiedEmail {
  /** The address last verified, lower-cased; null until one is. */
  email: string | null;
  verifiedAt: string | null;
}

export const verifiedEmailStreamId = (userId: string): string => `verified-email-${userId}`;

/**
 * Notes a verified address once (a redelivery decides nothing); of two verifications the later
 * one wins, whichever arrives first.
 */
export const verifiedEmailDecider: Decider<NoteEmailVerified, VerifiedEmail, VerificationEvent> = {
  name: 'verified-email',
  initialState: () => ({ email: null, verifiedAt: null }),
  evolve: (state, { data }) =>
    state.verifiedAt !== null && Date.parse(state.verifiedAt) > Date.parse(data.verifiedAt)
      ? state
      : { email: data.email, verifiedAt: data.verifiedAt },
  decide(command, state) {
    const email = command.email.trim().toLowerCase();
    if (state.verifiedAt !== null && Date.parse(state.verifiedAt) >= Date.parse(command.verifiedAt))
      return [];
    return [
      {
        type: 'EmailVerificationNoted',
        data: { userId: command.userId, email, verifiedAt: command.verifiedAt },
      },
    ];
  },
  read: readerOf<VerificationEvent>([EmailVerificationNoted]),
};
