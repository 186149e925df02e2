import { UserRegisteredV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { directoryDecider } from './directory-decider.js';
import { directoryStreamId } from './directory-events.js';

/**
 * Records identity's registrations in access's own store (e-mail -> user id), so admin grants
 * and access checks never ask identity, and replay rebuilds the directory.
 */
export const recordCustomerOnUserRegistered = on<typeof UserRegisteredV1, AccessTx>(
  UserRegisteredV1,
  async (data, envelope, ctx) => {
    await ctx.decide(directoryStreamId(data.userId), directoryDecider, {
      kind: 'record-registration',
      userId: data.userId,
      email: data.email,
      name: data.name,
      role: data.role,
      registeredAt: envelope.occurredAt,
      sourceVersion: envelope.streamVersion ?? 0,
    });
  },
);
