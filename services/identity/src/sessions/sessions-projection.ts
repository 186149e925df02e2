import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { readUserEvent, SessionsRevokedV1, SessionStarted } from '../users/events.js';

/** The `sessions` table: which login sessions are alive, for GET /api/user's answer. */
export const sessionsProjection: Projection<IdentityTx> = {
  name: 'sessions',
  handles: [SessionStarted.type, SessionsRevokedV1.type],
  async apply(stored, { tx }) {
    const event = readUserEvent(stored);
    const at = new Date(stored.occurredAt);
    if (event?.type === 'SessionStarted') {
      const { sessionId, userId, startedAt, expiresAt } = event.data;
      await tx.session.create({
        data: {
          id: sessionId,
          userId,
          startedAt: new Date(startedAt),
          expiresAt: new Date(expiresAt),
        },
      });
      return;
    }
    if (event?.type !== 'SessionsRevoked') return;
    const revoked = event.data;
    await tx.session.updateMany({
      where: {
        userId: revoked.userId,
        endedAt: null,
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
