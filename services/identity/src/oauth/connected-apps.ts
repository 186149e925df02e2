import type { Sql } from '@mia/service-kit';
import type { IdentityDb } from '../db.js';

export interface ConnectedApp {
  id: string;
  clientName: string;
  connectedAt: string;
  lastUsedAt: string | null;
}

/**
 * The user's live connections, newest first: recorded, not revoked, and whose grant the
 * authorization server still holds (an unused grant expires with its last refresh token).
 */
export async function connectedApps(
  db: IdentityDb,
  userId: string,
  now: Date,
): Promise<ConnectedApp[]> {
  const connections = await db.oAuthConnection.findMany({
    where: { userId, revokedAt: null },
    orderBy: { connectedAt: 'desc' },
  });
  if (connections.length === 0) return [];
  const ids = connections.map((c) => c.grantId);
  const [grants, uses] = await Promise.all([
    db.oAuthModel.findMany({
      where: {
        model: 'Grant',
        id: { in: ids },
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
      select: { id: true },
    }),
    db.oAuthConnectionUse.findMany({ where: { grantId: { in: ids } } }),
  ]);
  const live = new Set(grants.map((g) => g.id));
  const lastUse = new Map(uses.map((u) => [u.grantId, u.lastUsedAt]));
  return connections
    .filter((c) => live.has(c.grantId))
    .map((c) => ({
      id: c.grantId,
      clientName: c.clientName,
      connectedAt: c.connectedAt.toISOString(),
      lastUsedAt: lastUse.get(c.grantId)?.toISOString() ?? null,
    }));
}

/** Notes a connection's use at $2 (never moves the time backwards). */
export const noteConnectionUsedSql = `
  INSERT INTO oauth_connection_use (grant_id, last_used_at) VALUES ($1, $2)
  ON CONFLICT (grant_id) DO UPDATE
    SET last_used_at = greatest(oauth_connection_use.last_used_at, excluded.last_used_at)`;

/** Notes that a connection got a token now. */
export async function noteConnectionUsed(sql: Sql, grantId: string, at: Date): Promise<void> {
  await sql.query(noteConnectionUsedSql, [grantId, at]);
}
