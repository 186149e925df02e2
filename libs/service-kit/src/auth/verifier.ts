import { createPublicKey, type KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import { LruMap } from './lru.js';
import {
  SESSION_TOKEN_ALG,
  SESSION_TOKEN_TYPE,
  sessionClaimsSchema,
  type SessionClaims,
} from './claims.js';

export interface SessionVerifierOptions {
  /** Identity's ES256 public key (SPKI PEM). */
  publicKeyPem: string;
  issuer: string;
  audience: string;
  /**
   * Asked on every request, cached token or not: a service's in-memory view of identity's
   * SessionsRevoked events (see RevocationList). Must be cheap.
   */
  isRevoked?: (claims: SessionClaims) => boolean | Promise<boolean>;
  /** Verified tokens kept (default 10 000). */
  cacheSize?: number;
  /**
   * Absolute session lifetime: tokens whose `auth_time` (or, without one, `iat`) is older are
   * refused however recently they were re-issued. Unset: only `exp` limits a token.
   */
  maxSessionAgeSec?: number;
  /** Allowed clock difference with identity, in seconds (default 5). */
  clockToleranceSec?: number;
  /** Clock in ms, for tests. */
  now?: () => number;
}

export interface SessionVerifier {
  /** The token's claims when it is genuine, current and not revoked; otherwise null. */
  verify(token: string): Promise<SessionClaims | null>;
  /**
   * How many tokens needed a signature check and how many came from the cache since start:
   * the cache's hit ratio, which decides whether `cacheSize` fits the traffic.
   */
  cacheStats(): { signatureChecks: number; cacheHits: number };
}

// Far above a real session or access token (~400-800 bytes); refusing early keeps junk out of
// the verifiers.
export const MAX_TOKEN_LENGTH = 4096;

export function es256PublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('Session public key must be an ES256 (P-256) key');
  }
  return key;
}

/**
 * Checks identity's session tokens: ES256 only (no `none`, no HMAC with the public key),
 * issuer, audience, `typ`, expiry, no `iat` in the future, and the claims every service relies on. A verified token
 * is remembered until it expires, since verifying costs ~150 µs and each request carries the
 * same token; revocation is still checked every time.
 */
export function createSessionVerifier(options: SessionVerifierOptions): SessionVerifier {
  const key = es256PublicKey(options.publicKeyPem);
  const now = options.now ?? Date.now;
  const cache = new LruMap<string, SessionClaims>(options.cacheSize ?? 10_000);
  const isRevoked = options.isRevoked ?? (() => false);

  const toleranceSec = options.clockToleranceSec ?? 5;
  const stats = { signatureChecks: 0, cacheHits: 0 };

  async function verifySignature(token: string): Promise<SessionClaims | null> {
    stats.signatureChecks += 1;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [SESSION_TOKEN_ALG],
        issuer: options.issuer,
        audience: options.audience,
        typ: SESSION_TOKEN_TYPE,
        requiredClaims: ['sub', 'iat', 'exp', 'jti'],
        clockTolerance: toleranceSec,
        currentDate: new Date(now()),
      });
      const claims = sessionClaimsSchema.safeParse(payload);
      if (!claims.success || issuedInFuture(claims.data)) return null;
      return claims.data;
    } catch {
      return null;
    }
  }

  // jose only checks `iat` against a maximum age. A token issued later than now (beyond the
  // clock skew) was not made by an honest identity clock, and its `iat`/`auth_time` would
  // stretch the absolute session lifetime that is counted from them.
  const issuedInFuture = (claims: SessionClaims) => {
    const latest = now() / 1000 + toleranceSec;
    return claims.iat > latest || (claims.auth_time !== undefined && claims.auth_time > latest);
  };

  const maxAge = options.maxSessionAgeSec;
  const expired = (claims: SessionClaims) => {
    const nowSec = now() / 1000;
    if (claims.exp <= nowSec) return true;
    return maxAge !== undefined && (claims.auth_time ?? claims.iat) + maxAge <= nowSec;
  };

  return {
    async verify(token) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      let claims = cache.get(token);
      if (claims && expired(claims)) {
        cache.delete(token);
        return null;
      }
      if (claims) stats.cacheHits += 1;
      else {
        claims = (await verifySignature(token)) ?? undefined;
        if (!claims || expired(claims)) return null;
        cache.set(token, claims);
      }
      if (await isRevoked(claims)) {
        cache.delete(token);
        return null;
      }
      return claims;
    },
    cacheStats: () => ({ ...stats }),
  };
}
