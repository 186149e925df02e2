import { describe, expect, it } from 'vitest';
import { devKeys } from '../config/dev-keys.js';
import { RevocationList, recordSessionsRevoked } from './revocations.js';
import { createSessionSigner } from './signer.js';
import { createSessionVerifier } from './verifier.js';

const keys = devKeys()!;
const issuer = 'mia-identity';
const audience = 'mia';
const T0 = Date.parse('2026-11-21T10:00:00Z');

function signerAt(nowMs: () => number, ttlSeconds = 3600) {
  return createSessionSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer,
    audience,
    ttlSeconds,
    now: nowMs,
  });
}

describe('signer expiresAt', () => {
  it('caps a token at the given expiry, never beyond the ttl', async () => {
    const sign = signerAt(() => T0);
    const capped = await sign({ userId: 'u', role: 'user', expiresAt: T0 / 1000 + 60 });
    expect(capped.expiresAt).toBe(T0 / 1000 + 60);
    const later = await sign({ userId: 'u', role: 'user', expiresAt: T0 / 1000 + 99_999 });
    expect(later.expiresAt).toBe(T0 / 1000 + 3600);
  });
});

describe('verifier maxSessionAgeSec', () => {
  it('refuses a freshly re-issued token whose sign-in is older than the absolute lifetime', async () => {
    let now = T0;
    const verifier = createSessionVerifier({
      publicKeyPem: keys.publicKeyPem,
      issuer,
      audience,
      maxSessionAgeSec: 7 * 24 * 3600,
      now: () => now,
    });
    const sign = signerAt(() => now);
    const authTime = T0 / 1000;
    now = T0 + 7 * 24 * 3600_000 - 120_000;
    const { token } = await sign({ userId: 'u', role: 'user', authTime });
    expect(await verifier.verify(token)).not.toBeNull();
    now += 60_000;
    expect(await verifier.verify(token)).not.toBeNull();
    // Past the absolute end, though the token's own exp is an hour away: refused, cached or not.
    now += 61_000;
    expect(await verifier.verify(token)).toBeNull();
    const fresh = await sign({ userId: 'u', role: 'user', authTime });
    expect(await verifier.verify(fresh.token)).toBeNull();
  });

  it('leaves tokens alone when unset', async () => {
    let now = T0;
    const verifier = createSessionVerifier({
      publicKeyPem: keys.publicKeyPem,
      issuer,
      audience,
      now: () => now,
    });
    now = T0 + 30 * 24 * 3600_000;
    const { token } = await signerAt(() => now)({ userId: 'u', role: 'user', authTime: T0 / 1000 });
    expect(await verifier.verify(token)).not.toBeNull();
  });
});

describe('recordSessionsRevoked', () => {
  const claims = (over: { sid?: string; iat: number; sub?: string }) => ({
    sub: 'user-1',
    role: 'user' as const,
    jti: 'j',
    exp: over.iat + 3600,
    ...over,
  });

  it('revokes only the listed session on logout', () => {
    const list = new RevocationList(() => T0);
    recordSessionsRevoked(list, {
      userId: 'user-1',
      sessionIds: ['s-1'],
      revokedBefore: null,
      expiresAt: new Date(T0 + 3600_000).toISOString(),
    });
    expect(list.isRevoked(claims({ sid: 's-1', iat: T0 / 1000 - 10 }))).toBe(true);
    expect(list.isRevoked(claims({ sid: 's-2', iat: T0 / 1000 - 10 }))).toBe(false);
  });

  it('revokes listed sessions exactly and older tokens by time, sparing a login in the same second', () => {
    const list = new RevocationList(() => T0);
    const resetAt = T0 + 500; // 10:00:00.500
    recordSessionsRevoked(list, {
      userId: 'user-1',
      sessionIds: ['s-old'],
      revokedBefore: new Date(resetAt).toISOString(),
      expiresAt: new Date(T0 + 7 * 24 * 3600_000).toISOString(),
    });
    const second = Math.floor(resetAt / 1000);
    // Issued in the same second, before the reset: caught by its session id.
    expect(list.isRevoked(claims({ sid: 's-old', iat: second }))).toBe(true);
    // Any token from an earlier second, whatever its session.
    expect(list.isRevoked(claims({ sid: 's-unknown', iat: second - 1 }))).toBe(true);
    // A new session signed in right after the reset, in the same second: accepted.
    expect(list.isRevoked(claims({ sid: 's-new', iat: second }))).toBe(false);
    // Another user is untouched.
    expect(list.isRevoked(claims({ sub: 'user-2', sid: 's-x', iat: second - 1 }))).toBe(false);
  });

  it('forgets entries once every revoked token has expired', () => {
    let now = T0;
    const list = new RevocationList(() => now);
    recordSessionsRevoked(list, {
      userId: 'user-1',
      sessionIds: ['a', 'b'],
      revokedBefore: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 60_000).toISOString(),
    });
    expect(list.size).toBe(3);
    now = T0 + 60_000;
    list.prune();
    expect(list.size).toBe(0);
  });
});
