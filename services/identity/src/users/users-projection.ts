import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { TwoFactorDisabled, TwoFactorEnabled } from './two-factor-events.js';
import {
  PasswordSet,
  readUserEvent,
  UserEmailVerifiedV1,
  UserRegisteredV1,
  UserRoleChangedV2,
} from './events.js';

/**
 * The `users` table: one row per registered user, for finding an account by e-mail, telling
 * whether an e-mail or username is taken (its unique indexes), and the answers' user object.
 * Commands never decide on it: they fold the user's stream.
 */
export const usersProjection: Projection<IdentityTx> = {
  name: 'users',
  handles: [
    UserRegisteredV1.type,
    PasswordSet.type,
    UserRoleChangedV2.type,
    UserEmailVerifiedV1.type,
    TwoFactorEnabled.type,
    TwoFactorDisabled.type,
  ],
  async apply(stored, { tx }) {
    const event = readUserEvent(stored);
    const at = new Date(stored.occurredAt);
    switch (event?.type) {
      case 'UserRegistered': {
        const { userId, email, username, name, role } = event.data;
        await tx.user.create({
          data: {
            id: userId,
            email,
            username,
            name,
            role,
            passwordHash: null,
            createdAt: at,
            updatedAt: at,
          },
        });
        return;
      }
      case 'PasswordSet': {
        const { userId, passwordHash } = event.data;
        await tx.user.update({ where: { id: userId }, data: { passwordHash, updatedAt: at } });
        return;
      }
      case 'UserRoleChanged': {
        const { userId, role } = event.data;
        await tx.user.update({ where: { id: userId }, data: { role, updatedAt: at } });
        return;
      }
      case 'TwoFactorEnabled':
      case 'TwoFactorDisabled': {
        await tx.user.update({
          where: { id: event.data.userId },
          data: { twoFactorEnabled: event.type === 'TwoFactorEnabled', updatedAt: at },
        });
        return;
      }
      case 'UserEmailVerified': {
        const { userId, verifiedAt } = event.data;
        await tx.user.update({
          where: { id: userId },
          data: { emailVerifiedAt: new Date(verifiedAt), updatedAt: at },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.user.deleteMany();
  },
};
