import type { Projection } from '@mia/service-kit';
import { dataOf } from '../events.js';
import type { IdentityTx } from '../db.js';
import { PasswordResetRequested } from '../password-reset/events.js';
import { SessionStarted, SessionsRevokedV1 } from '../sessions/events.js';
import { PasswordChangedV1, PasswordSet, UserRegisteredV1, UserRoleChangedV1 } from './events.js';

// Every event of a user stream moves the row's version, so `version` is always the expected
// version for the next append to that stream.
const USER_STREAM_EVENTS = [
  UserRegisteredV1.type,
  PasswordSet.type,
  PasswordChangedV1.type,
  UserRoleChangedV1.type,
  SessionStarted.type,
  SessionsRevokedV1.type,
  PasswordResetRequested.type,
];

/** The `users` table: one row per user stream. */
export const usersProjection: Projection<IdentityTx> = {
  name: 'users',
  handles: USER_STREAM_EVENTS,
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    const version = event.streamVersion;
    switch (event.type) {
      case UserRegisteredV1.type: {
        const user = dataOf(UserRegisteredV1, event);
        await tx.user.create({
          data: {
            id: user.userId,
            email: user.email,
            username: user.username,
            name: user.name,
            role: user.role,
            passwordHash: null,
            version,
            createdAt: at,
            updatedAt: at,
          },
        });
        return;
      }
      case PasswordSet.type: {
        const { userId, passwordHash } = dataOf(PasswordSet, event);
        await tx.user.update({
          where: { id: userId },
          data: { passwordHash, version, updatedAt: at },
        });
        return;
      }
      case UserRoleChangedV1.type: {
        const { userId, role } = dataOf(UserRoleChangedV1, event);
        await tx.user.update({ where: { id: userId }, data: { role, version, updatedAt: at } });
        return;
      }
      default: {
        const userId = (event.data as { userId: string }).userId;
        await tx.user.update({ where: { id: userId }, data: { version } });
      }
    }
  },
  async reset({ tx }) {
    await tx.user.deleteMany();
  },
};
