import type { ReadinessCheck } from '../http/health.js';
import type { SessionClaims } from './claims.js';

/**
 * A service's in-memory view of revoked sessions, fed by identity's SessionsRevoked events and
 * asked by the session verifier on every request. Entries live only as long as the tokens
 * they revoke could, so the list stays small.
 */
export class RevocationList {
  readonly #sessions = new Map<string, number>();
  readonly #usersBefore = new Map<string, { before: number; until: number }>();
  #loaded = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Revokes one login session (`sid`) until `untilSec`, when its last token expires. */
  revokeSession(sessionId: string, untilSec: number): void {
    this.#sessions.set(sessionId, Math.max(untilSec, this.#sessions.get(sessionId) ?? 0));
  }

  /**
   * Revokes every token of a user issued before `beforeSec` (iat < beforeSec: tokens carry
   * whole seconds, so a token issued in the same second survives — revoke by session id for
   * exactness).
   */
  revokeUserBefore(userId: string, beforeSec: number, untilSec: number): void {
    const current = this.#usersBefore.get(userId);
    this.#usersBefore.set(userId, {
      before: Math.max(beforeSec, current?.before ?? 0),
      until: Math.max(untilSec, current?.until ?? 0),
    });
  }

  isRevoked = (claims: SessionClaims): boolean => {
    if (claims.sid !== undefined && this.#sessions.has(claims.sid)) return true;
    const user = this.#usersBefore.get(claims.sub);
    return user !== undefined && claims.iat < user.before;
  };

  /** Forgets entries whose tokens have all expired; call now and then (e.g. every minute). */
  prune(): void {
    const nowSec = this.now() / 1000;
    for (const [sid, until] of this.#sessions) if (until <= nowSec) this.#sessions.delete(sid);
    for (const [user, entry] of this.#usersBefore) {
      if (entry.until <= nowSec) this.#usersBefore.delete(user);
    }
  }

  /**
   * Whether the revocations recorded before this process started have all been read (the feed
   * says so). Until then a revoked session could pass, so the process is not ready.
   */
  get loaded(): boolean {
    return this.#loaded;
  }

  markLoaded(): void {
    this.#loaded = true;
  }

  get size(): number {
    return this.#sessions.size + this.#usersBefore.size;
  }
}

/** The fields of identity's SessionsRevoked event a verifier needs (see @mia/contracts). */
export interface SessionsRevokedFacts {
  userId: string;
  sessionIds: readonly string[];
  /** ISO instant; every token of the user issued before it is revoked. Null: only the sessions. */
  revokedBefore: string | null;
  /** ISO instant after which no revoked token could still be valid. */
  expiresAt: string;
}

/**
 * Applies a SessionsRevoked event to a RevocationList. Tokens carry whole seconds, so the
 * time-based rule only catches tokens issued in an earlier second; the listed session ids make
 * it exact, and a login in the same second right after a reset keeps working.
 */
export function recordSessionsRevoked(list: RevocationList, facts: SessionsRevokedFacts): void {
  const untilSec = Math.ceil(Date.parse(facts.expiresAt) / 1000);
  for (const sessionId of facts.sessionIds) list.revokeSession(sessionId, untilSec);
  if (facts.revokedBefore !== null) {
    list.revokeUserBefore(
      facts.userId,
      Math.floor(Date.parse(facts.revokedBefore) / 1000),
      untilSec,
    );
  }
}

/**
 * Readiness of a revocation list: not ready until the feed has read every revocation recorded
 * before the process started, so a restarted replica never accepts a revoked session.
 */
export const revocationsReadiness = (
  list: Pick<RevocationList, 'loaded'>,
  name = 'revocations',
): ReadinessCheck => ({
  name,
  check() {
    if (!list.loaded) throw new Error('the revocation list is still loading');
    return Promise.resolve();
  },
});
