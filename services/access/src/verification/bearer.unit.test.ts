import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { devKeys, GrantRevocationList } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { identifyCaller } from './bearer.js';
import { createGptKeys } from './gpt-keys.js';
import { createUserTokens } from './user-tokens.js';
import { userAccessToken } from './user-token.fixture.js';

const ORIGIN = 'https://mia.example.org';
const KEY = 'a-gpt-api-key-0123456789abcdef';
const userId = randomUUID();

const setup = () => {
  const grants = new GrantRevocationList(3_600_000);
  const tokens = createUserTokens(
    { PUBLIC_ORIGIN: ORIGIN, JWT_PUBLIC_KEY: devKeys()!.publicKeyPem },
    grants,
  );
  const keys = createGptKeys([KEY]);
  const identify = (bearer: string | undefined) =>
    identifyCaller(tokens, keys, bearer === undefined ? undefined : `Bearer ${bearer}`);
  const identifyHeader = (header: string) => identifyCaller(tokens, keys, header);
  return { grants, identify, identifyHeader };
};

describe('telling user access tokens from API keys', () => {
  it('given a token identity issued for the GPT Action or the MCP server, it is the user’s', async () => {
    const { identify } = setup();
    for (const audience of [`${ORIGIN}/api/gpt`, `${ORIGIN}/api/gpt/mcp`]) {
      const caller = await identify(await userAccessToken({ userId, origin: ORIGIN, audience }));
      expect(caller).toMatchObject({ kind: 'user', claims: { sub: userId, scope: 'tools:use' } });
    }
  });

  it('given one of the configured keys, it is the key', async () => {
    const { identify } = setup();
    expect(await identify(KEY)).toMatchObject({ kind: 'key' });
  });

  it('given no bearer, or something that is neither, it says which', async () => {
    const { identify, identifyHeader } = setup();
    expect(await identify(undefined)).toEqual({ kind: 'missing' });
    expect(await identifyHeader('Basic x')).toEqual({ kind: 'invalid_key' });
    expect(await identify('not-a-key')).toEqual({ kind: 'invalid_key' });
    expect(await identify('a.b.c')).toEqual({ kind: 'invalid_key' });
  });

  it('given a JWT that is not our access token (other typ, issuer or key), takes it for a key', async () => {
    const { identify } = setup();
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const notOurs = [
      await userAccessToken({ userId, origin: ORIGIN, typ: 'session+jwt' }),
      await userAccessToken({ userId, origin: ORIGIN, typ: 'JWT' }),
      await userAccessToken({ userId, origin: ORIGIN, issuer: 'https://evil.example' }),
      await userAccessToken({
        userId,
        origin: ORIGIN,
        privateKeyPem: other.export({ type: 'pkcs8', format: 'pem' }) as string,
      }),
    ];
    for (const token of notOurs) expect(await identify(token)).toEqual({ kind: 'invalid_key' });
  });

  it('given our access token that is not good here and now, refuses it as an invalid token', async () => {
    const { identify } = setup();
    const refused = {
      audience: await userAccessToken({ userId, origin: ORIGIN, audience: `${ORIGIN}/api/x` }),
      expired: await userAccessToken({ userId, origin: ORIGIN, expiresIn: -60 }),
      scope: await userAccessToken({ userId, origin: ORIGIN, scope: 'openid offline_access' }),
      claims: await userAccessToken({ userId: 'not-a-user-id', origin: ORIGIN }),
    };
    for (const [problem, token] of Object.entries(refused)) {
      expect(await identify(token), problem).toEqual({ kind: 'invalid_token', problem });
    }
  });

  it('given a token of a revoked grant, refuses it even after it was accepted', async () => {
    const { grants, identify } = setup();
    const grantId = randomUUID();
    const token = await userAccessToken({ userId, origin: ORIGIN, grantId });
    expect(await identify(token)).toMatchObject({ kind: 'user' });
    grants.revoke(grantId, new Date());
    expect(await identify(token)).toEqual({ kind: 'invalid_token', problem: 'revoked' });
  });
});

describe('the revoked grants list', () => {
  it('forgets a revocation once no token of the grant could be presented', () => {
    let now = Date.parse('2026-11-25T10:00:00.000Z');
    const grants = new GrantRevocationList(60_000, () => now);
    grants.revoke('g1', new Date(now));
    now += 59_000;
    grants.prune();
    expect(grants.isRevoked('g1')).toBe(true);
    now += 1_000;
    grants.prune();
    expect(grants.isRevoked('g1')).toBe(false);
  });
});
