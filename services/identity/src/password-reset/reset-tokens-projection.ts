import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { PasswordResetRequested, PasswordSet, readUserEvent } from '../users/events.js';

/**
 * The `password_reset_tokens` table: whose link a token hash is, and what became of it. It
 * mirrors the user decider's rules for people reading the table; no decision rests on it.
 */
export const resetTokensProjection: Projection<IdentityTx> = {
  name: 'password-reset-tokens',
  handles: [PasswordResetRequested.type, PasswordSet.type],
  async apply(stored, { tx }) {
    const event = readUserEvent(stored);
    const at = new Date(stored.occurredAt);
    if (event?.type === 'PasswordResetRequested') {
      const { tokenHash, userId, expiresAt } = event.data;
      // A newer link voids the ones mailed before.
      await tx.passwordResetToken.updateMany({
        where: { userId, usedAt: null, voidedAt: null },
        data: { voidedAt: at },
      });
      await tx.passwordResetToken.create({
        data: { tokenHash, userId, createdAt: at, expiresAt: new Date(expiresAt) },
      });
      return;
    }
    if (event?.type !== 'PasswordSet') return;
    const { userId, reason, resetTokenHash } = event.data;
    // A rehash keeps the password, so the link sent for it stays good.
    if (reason === 'rehash' || reason === 'registration') return;
    if (resetTokenHash) {
      await tx.passwordResetToken.updateMany({
        where: { tokenHash: resetTokenHash, usedAt: null },
        data: { usedAt: at },
      });
    }
    // Once the password changed, no older link may change it again.
    await tx.passwordResetToken.updateMany({
      where: { userId, usedAt: null, voidedAt: null },
      data: { voidedAt: at },
    });
  },
  async reset({ tx }) {
    await tx.passwordResetToken.deleteMany();
  },
};
