import type { Projection } from '@mia/service-kit';
import { dataOf } from '../events.js';
import type { IdentityTx } from '../db.js';
import { PasswordSet } from '../users/events.js';
import { PasswordResetRequested } from './events.js';

/** The `password_reset_tokens` table: which reset links exist and whether they still work. */
export const resetTokensProjection: Projection<IdentityTx> = {
  name: 'password-reset-tokens',
  handles: [PasswordResetRequested.type, PasswordSet.type],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    if (event.type === PasswordResetRequested.type) {
      const { tokenHash, userId, expiresAt } = dataOf(PasswordResetRequested, event);
      await tx.passwordResetToken.create({
        data: { tokenHash, userId, createdAt: at, expiresAt: new Date(expiresAt) },
      });
      return;
    }
    const { userId, reason, resetTokenHash } = dataOf(PasswordSet, event);
    // A rehash keeps the password, so the links sent for it stay good.
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
