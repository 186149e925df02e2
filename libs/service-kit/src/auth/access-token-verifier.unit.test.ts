import { createPrivateKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { devKeys } from '../config/dev-keys.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';
import { GrantRevocationList } from './grant-revocations.js';

const keys = devKeys()!;
const ISSUER = 'https://mia.example.org';
const RESOURCE = `${ISSUER}/api/gpt`;
const T0 = Date.parse('2026-11-25T10:00:00Z');

const sign = (claims: Record<string, unknown> = {}, typ = 'at+jwt', iat = T0 / 1000) =>
  new SignJWT({
    client_id: 'app',
    scope: 'tools:use offline_access',
    gid: 'grant-1',
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', typ })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setSubject(randomUUID())
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(T0 / 1000 + 600)
    .sign(createPrivateKey(keys.privateKeyPem));

function verifier() {
  let now = T0 + 1000;
  const grants = new GrantRevocationList(3_600_000, () => now);
  const v = createAccessTokenVerifier({
    publicKeyPem: keys.publicKeyPem,
    issuer: ISSUER,
    audiences: [RESOURCE],
    requiredScope: 'tools:use',
    isGrantRevoked: grants.isRevoked,
    now: () => now,
  });
  return { check: v.check, grants, setNow: (ms: number) => (now = ms) };
}

describe('access token verifier', () => {
  it('given a current token, accepts it; once its grant is revoked, refuses the cached token too', async () => {
    const { check, grants } = verifier();
    const token = await sign();
    expect(await check(token)).toMatchObject({ kind: 'valid', claims: { gid: 'grant-1' } });
    grants.revoke('grant-1', new Date(T0));
    expect(await check(token)).toEqual({ kind: 'invalid', problem: 'revoked' });
  });

  it('given a cached token past its expiry, refuses it at once', async () => {
    const { check, setNow } = verifier();
    const token = await sign();
    expect((await check(token)).kind).toBe('valid');
    setNow(T0 + 600_000);
    expect(await check(token)).toEqual({ kind: 'invalid', problem: 'expired' });
  });

  it('given a token issued in the future or without its claims, refuses it', async () => {
    const { check } = verifier();
    expect(await check(await sign({}, 'at+jwt', T0 / 1000 + 60))).toEqual({
      kind: 'invalid',
      problem: 'claims',
    });
    expect(await check(await sign({ gid: undefined }))).toEqual({
      kind: 'invalid',
      problem: 'claims',
    });
  });

  it('given a session token or junk, says it is not an access token of this issuer', async () => {
    const { check } = verifier();
    expect(await check(await sign({}, 'session+jwt'))).toEqual({ kind: 'not_ours' });
    expect(await check('x'.repeat(5000))).toEqual({ kind: 'not_ours' });
    expect(await check('a.b')).toEqual({ kind: 'not_ours' });
  });
});
