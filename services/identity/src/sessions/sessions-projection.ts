import type { Projection } from '@mia/service-kit';
import { dataOf } from '../events.js';
import type { IdentityTx } from '../db.js';
import { SessionStarted, SessionsRevokedV1 } from './events.js';

/** The `sessions` table: which login sessions are alive, for logout, resets and GET /api/user. */
export const sessionsProjection: Projection<IdentityTx> = {
  name: 'sessions',
  handles: [SessionStarted.type, SessionsRevokedV1.type],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    if (event.type === SessionStarted.type) {
      const { sessionId, userId, expiresAt } = dataOf(SessionStarted, event);
      await tx.session.create({
        data: { id: sessionId, userId, startedAt: at, expiresAt: new Date(expiresAt) },
      });
      return;
    }
    const revoked = dataOf(SessionsRevokedV1, event);
    const alive = { userId: revoked.userId, endedAt: null };
    await tx.session.updateMany({
      where: {
        ...alive,
        OR: [
          { id: { in: revoked.sessionIds } },
          ...(revoked.revokedBefore
            ? [{ startedAt: { lt: new Date(revoked.revokedBefore) } }]
            : []),
        ],
      },
      data: { endedAt: at, endReason: revoked.reason },
    });
  },
  async reset({ tx }) {
    await tx.session.deleteMany();
  },
};
