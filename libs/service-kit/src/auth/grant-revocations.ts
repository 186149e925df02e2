import { OAuthGrantRevokedV1, type OAuthGrantRevokedV1Data } from '@mia/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../logger.js';
import { startBroadcastFeed, type BroadcastFeed, type FedList } from './event-feed.js';

/**
 * A resource server's in-memory view of revoked OAuth grants (connected apps), fed by
 * identity's OAuthGrantRevoked events on every replica and asked on every call made with a
 * user access token (its `gid` claim). An entry is kept `keepMs` after the revocation: at least
 * as long as any token of the grant could still be presented.
 */
export class GrantRevocationList implements FedList {
  readonly #grants = new Map<string, number>();
  #loaded = false;

  constructor(
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  revoke(grantId: string, revokedAt: Date): void {
    const until = revokedAt.getTime() + this.keepMs;
    this.#grants.set(grantId, Math.max(until, this.#grants.get(grantId) ?? 0));
  }

  isRevoked = (grantId: string): boolean => this.#grants.has(grantId);

  prune(): void {
    const now = this.now();
    for (const [grant, until] of this.#grants) if (until <= now) this.#grants.delete(grant);
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  markLoaded(): void {
    this.#loaded = true;
  }

  get size(): number {
    return this.#grants.size;
  }
}

export const recordOAuthGrantRevoked = (
  list: GrantRevocationList,
  facts: Pick<OAuthGrantRevokedV1Data, 'grantId' | 'revokedAt'>,
): void => list.revoke(facts.grantId, new Date(facts.revokedAt));

export interface GrantRevocationFeedOptions {
  nats: NatsConnection;
  prefix: string;
  grants: GrantRevocationList;
  logger: Logger;
  /** How far back to read at start: the refresh tokens' lifetime (the list's keepMs). */
  lookbackMs: number;
  pruneEveryMs?: number;
}

/** Feeds identity's OAuthGrantRevoked events into the list, on every replica. */
export function startGrantRevocationFeed(
  options: GrantRevocationFeedOptions,
): Promise<BroadcastFeed> {
  const { grants, ...rest } = options;
  return startBroadcastFeed({
    ...rest,
    event: OAuthGrantRevokedV1,
    list: grants,
    record: (data) => recordOAuthGrantRevoked(grants, data),
  });
}
