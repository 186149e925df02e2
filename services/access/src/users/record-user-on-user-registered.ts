import { UserRegisteredV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';

/**
 * Keeps access's user directory (e-mail -> user id) from identity's registrations, so admin
 * grants and access verification never have to ask identity.
 */
export const recordUserOnUserRegistered = on<typeof UserRegisteredV1, AccessTx>(
  UserRegisteredV1,
  async (data, envelope, { tx }) => {
    const row = {
      email: data.email.toLowerCase(),
      name: data.name,
      role: data.role,
      registeredAt: new Date(envelope.occurredAt),
    };
    await tx.directoryUser.upsert({
      where: { userId: data.userId },
      create: { userId: data.userId, ...row },
      update: row,
    });
  },
);
