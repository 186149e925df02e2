import { SessionsRevokedV1 } from '@mia/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../logger.js';
import { startBroadcastFeed, type BroadcastFeed } from './event-feed.js';
import { recordSessionsRevoked, type RevocationList } from './revocations.js';

export interface RevocationFeedOptions {
  nats: NatsConnection;
  prefix: string;
  revocations: RevocationList;
  logger: Logger;
  /**
   * How far back to read at start: the absolute session lifetime, so a restarted replica
   * also refuses every still-unexpired session revoked before it started.
   */
  lookbackMs: number;
  /** How often expired entries are forgotten. */
  pruneEveryMs?: number;
}

export type RevocationFeed = BroadcastFeed;

/**
 * Feeds identity's SessionsRevoked events into this process's revocation list, on every
 * replica (see startBroadcastFeed), so a revoked cookie is refused everywhere within the
 * relay's latency.
 */
export function startRevocationFeed(options: RevocationFeedOptions): Promise<RevocationFeed> {
  const { revocations, ...rest } = options;
  return startBroadcastFeed({
    ...rest,
    event: SessionsRevokedV1,
    list: revocations,
    record: (data) => recordSessionsRevoked(revocations, data),
  });
}
