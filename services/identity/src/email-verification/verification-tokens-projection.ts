import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { EmailVerificationRequested, readUserEvent, UserEmailVerifiedV1 } from '../users/events.js';

/**
 * The `email_verification_tokens` table: whose link a token hash is, and what became of it.
 * It mirrors the user decider's rules for people reading the table; no decision rests on it.
 */
export const verificationTokensProjection: Projection<IdentityTx> = {
  name: 'email-verification-tokens',
  handles: [EmailVerificationRequested.type, UserEmailVerifiedV1.type],
  async apply(stored, { tx }) {
    const event = readUserEvent(stored);
    const at = new Date(stored.occurredAt);
    if (event?.type === 'EmailVerificationRequested') {
      const { tokenHash, userId, expiresAt } = event.data;
      // A newer link voids the ones mailed before.
      await tx.emailVerificationToken.updateMany({
        where: { userId, usedAt: null, voidedAt: null },
        data: { voidedAt: at },
      });
      await tx.emailVerificationToken.create({
        data: { tokenHash, userId, createdAt: at, expiresAt: new Date(expiresAt) },
      });
      return;
    }
    if (event?.type !== 'UserEmailVerified') return;
    // Only the newest link verifies, so the open one is the one used.
    await tx.emailVerificationToken.updateMany({
      where: { userId: event.data.userId, usedAt: null, voidedAt: null },
      data: { usedAt: at },
    });
  },
  async reset({ tx }) {
    await tx.emailVerificationToken.deleteMany();
  },
};
