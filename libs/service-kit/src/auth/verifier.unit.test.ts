import { createHmac, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { devKeys } from '../config/dev-keys.js';
import { createSessionSigner, signSessionToken, type SessionSignerOptions } from './signer.js';
import { createSessionVerifier, type SessionVerifierOptions } from './verifier.js';

const keys = devKeys()!;
const privateKey = createPrivateKey(keys.privateKeyPem);
const issuer = 'mia-identity';
const audience = 'mia';
const T0 = Date.parse('2026-11-21T10:00:00Z');

const signerOptions = (over: Partial<SessionSignerOptions> = {}): SessionSignerOptions => ({
  privateKeyPem: keys.privateKeyPem,
  issuer,
  audience,
  ttlSeconds: 3600,
  now: () => T0,
  ...over,
});

function verifier(over: Partial<SessionVerifierOptions> = {}) {
  let now = T0 + 1000;
  const v = createSessionVerifier({
    publicKeyPem: keys.publicKeyPem,
    issuer,
    audience,
    now: () => now,
    ...over,
  });
  return { verify: v.verify, cacheStats: v.cacheStats, setNow: (ms: number) => (now = ms) };
}

const user = { userId: 'u-1', role: 'user' as const, email: 'ana@example.org', sessionId: 's-1' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  it('round-trips the claims', async () => {
    const token = await signSessionToken(user, signerOptions());
    const claims = await verifier().verify(token);
    expect(claims).toMatchObject({
      sub: 'u-1',
      role: 'user',
      email: 'ana@example.org',
      sid: 's-1',
      iat: T0 / 1000,
      exp: T0 / 1000 + 3600,
      auth_time: T0 / 1000,
    });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a tampered payload or signature', async () => {
    const token = await signSessionToken(user, signerOptions());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const promoted = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    expect(await verifier().verify(promoted)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifier().verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a token signed by another key', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const token = await signSessionToken(user, signerOptions({ privateKeyPem: pem }));
    expect(await verifier().verify(token)).toBeNull();
  });

  it('refuses alg "none"', async () => {
    const token = new UnsecuredJWT({ role: 'admin', jti: 'x', auth_time: T0 / 1000 })
      .setSubject('u-1')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 3600)
      .encode();
    expect(token.split('.')[2]).toBe('');
    expect(await verifier().verify(token)).toBeNull();
    // Also with the session typ header, hand-made.
    const handMade = `${b64({ alg: 'none', typ: 'session+jwt' })}.${token.split('.')[1]}.`;
    expect(await verifier().verify(handMade)).toBeNull();
  });

  it('refuses HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const header = b64({ alg: 'HS256', typ: 'session+jwt' });
    const payload = b64({
      sub: 'u-1',
      role: 'admin',
      jti: 'j',
      iss: issuer,
      aud: audience,
      iat: T0 / 1000,
      exp: T0 / 1000 + 3600,
    });
    const mac = createHmac('sha256', keys.publicKeyPem).update(`${header}.${payload}`).digest();
    expect(await verifier().verify(`${header}.${payload}.${mac.toString('base64url')}`)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await signSessionToken(user, signerOptions({ ttlSeconds: 60 }));
    const v = verifier();
    v.setNow(T0 + 3600_000);
    expect(await v.verify(token)).toBeNull();
  });

  it('refuses a token issued in the future beyond the clock skew', async () => {
    // The verifier's clock reads T0 + 1 s; the default skew allowed is 5 s.
    const later = await signSessionToken(user, signerOptions({ now: () => T0 + 3600_000 }));
    expect(await verifier().verify(later)).toBeNull();
    const skewed = await signSessionToken(user, signerOptions({ now: () => T0 + 5_000 }));
    expect(await verifier().verify(skewed)).not.toBeNull();
  });

  it('refuses a future auth_time beyond the clock skew', async () => {
    const token = await new SignJWT({ role: 'user', auth_time: T0 / 1000 + 3600 })
      .setProtectedHeader({ alg: 'ES256', typ: 'session+jwt' })
      .setSubject('u-1')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 3600)
      .setJti('j')
      .sign(privateKey);
    expect(await verifier().verify(token)).toBeNull();
  });

  it('refuses the wrong audience, issuer or typ', async () => {
    const wrongAud = await signSessionToken(user, signerOptions({ audience: 'other' }));
    expect(await verifier().verify(wrongAud)).toBeNull();
    const wrongIss = await signSessionToken(user, signerOptions({ issuer: 'someone-else' }));
    expect(await verifier().verify(wrongIss)).toBeNull();
    const wrongTyp = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setSubject('u-1')
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 3600)
      .setJti('j')
      .sign(privateKey);
    expect(await verifier().verify(wrongTyp)).toBeNull();
  });

  it('refuses tokens missing a required claim or with an unknown role', async () => {
    const base = (role: string) =>
      new SignJWT({ role })
        .setProtectedHeader({ alg: 'ES256', typ: 'session+jwt' })
        .setSubject('u-1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(T0 / 1000)
        .setExpirationTime(T0 / 1000 + 3600);
    expect(
      await verifier().verify(await base('superuser').setJti('j').sign(privateKey)),
    ).toBeNull();
    expect(await verifier().verify(await base('user').sign(privateKey))).toBeNull();
    expect(await verifier().verify(await base('user').setJti('j').sign(privateKey))).not.toBeNull();
  });

  it('refuses garbage without throwing', async () => {
    const v = verifier();
    for (const junk of ['', 'abc', 'a.b.c', 'x'.repeat(10_000)]) {
      expect(await v.verify(junk)).toBeNull();
    }
  });
});

describe('verified-token cache', () => {
  it('checks the signature once, then serves the token from the cache', async () => {
    const { token } = await createSessionSigner(signerOptions())(user);
    const v = verifier();
    expect((await v.verify(token))?.sub).toBe('u-1');
    expect((await v.verify(token))?.sub).toBe('u-1');
    expect(v.cacheStats()).toEqual({ signatureChecks: 1, cacheHits: 1 });
  });

  it('never caches a refused token', async () => {
    const v = verifier();
    await v.verify('a.b.c');
    await v.verify('a.b.c');
    expect(v.cacheStats()).toEqual({ signatureChecks: 2, cacheHits: 0 });
  });

  it('evicts the least recently used token when full', async () => {
    const sign = createSessionSigner(signerOptions());
    const [a, b, c] = await Promise.all([sign(user), sign(user), sign(user)]);
    const v = verifier({ cacheSize: 2 });
    await v.verify(a.token);
    await v.verify(b.token);
    await v.verify(a.token);
    await v.verify(c.token); // evicts b
    const before = v.cacheStats().signatureChecks;
    await v.verify(a.token);
    await v.verify(c.token);
    expect(v.cacheStats().signatureChecks).toBe(before);
    await v.verify(b.token);
    expect(v.cacheStats().signatureChecks).toBe(before + 1);
  });

  it('stops serving a cached token once it expires', async () => {
    const { token } = await createSessionSigner(signerOptions({ ttlSeconds: 60 }))(user);
    const v = verifier();
    expect(await v.verify(token)).not.toBeNull();
    v.setNow(T0 + 59_000);
    expect(await v.verify(token)).not.toBeNull();
    v.setNow(T0 + 60_000);
    expect(await v.verify(token)).toBeNull();
  });

  it('asks isRevoked on every call, cached or not', async () => {
    const revoked = new Set<string>();
    const isRevoked = vi.fn((claims: { sid?: string }) => revoked.has(claims.sid ?? ''));
    const v = verifier({ isRevoked });
    const { token } = await createSessionSigner(signerOptions())(user);
    expect(await v.verify(token)).not.toBeNull();
    expect(await v.verify(token)).not.toBeNull();
    expect(isRevoked).toHaveBeenCalledTimes(2);
    revoked.add('s-1');
    expect(await v.verify(token)).toBeNull();
    expect(isRevoked).toHaveBeenCalledTimes(3);
  });

  it('supports an async revocation check', async () => {
    const v = verifier({ isRevoked: async () => true });
    const { token } = await createSessionSigner(signerOptions())(user);
    expect(await v.verify(token)).toBeNull();
  });
});

describe('createSessionVerifier', () => {
  it('refuses a key that is not ES256 at construction', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() =>
      createSessionVerifier({
        publicKeyPem: rsa.publicKey.export({ type: 'spki', format: 'pem' }) as string,
        issuer,
        audience,
      }),
    ).toThrow(/ES256/);
  });
});
