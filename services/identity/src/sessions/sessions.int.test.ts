import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import {
  RevocationList,
  createSessionVerifier,
  devKeys,
  recordSessionsRevoked,
  signSessionToken,
  type SessionsRevokedFacts,
} from '@mia/service-kit';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
  type TestClient,
} from '../identity-harness.fixture.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

async function registered(client: TestClient = identity.client()) {
  const user = uniqueUser();
  const res = await client.post('/api/register', user);
  expect(res.status).toBe(201);
  return { client, user, id: (res.body as { id: string }).id };
}

/** A token shaped like identity's, for forging variations of it. */
async function claimsOf(client: TestClient) {
  const token = client.sessionCookie!;
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('POST /api/login', () => {
  it('signs in with the e-mail in `username`, whatever its case and spaces, and sets the cookie', async () => {
    const { user, id } = await registered();
    const client = identity.client();
    const res = await client.post('/api/login', {
      username: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      name: user.name,
      username: user.username,
      email: user.email,
      role: 'user',
      emailVerified: false,
      twoFactorEnabled: false,
    });
    // A shared cache must never keep an answer that sets a session.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.setCookie.find((c) => c.startsWith('mia_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=(719\d|7200);/);
    expect(cookie).not.toMatch(/; Secure/);
    // The page may read the hint (not the session) to know a session is worth asking for.
    const hint = res.setCookie.find((c) => c.startsWith('mia_signed_in='))!;
    expect(hint).toMatch(/^mia_signed_in=1; Max-Age=(719\d|7200);/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect((await client.get('/api/user')).body).toMatchObject({ id, email: user.email });
    // Signing out clears both.
    await client.post('/api/logout');
    expect([...client.cookies.keys()]).toEqual([]);
  });

  it('clears a stale signed-in hint when GET /api/user answers 401', async () => {
    const client = identity.client();
    client.cookies.set('mia_signed_in', '1');
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.setCookie.some((c) => /^mia_signed_in=;/.test(c))).toBe(true);
    expect(client.cookies.has('mia_signed_in')).toBe(false);
  });

  it('answers a wrong password and an unknown e-mail alike, in about the same time', async () => {
    const { user } = await registered();
    const wrongPassword = { username: user.email, password: 'not-the-password' };
    const unknownEmail = {
      username: `nobody.${user.username}@iglesia.example`,
      password: 'whatever1',
    };
    const client = identity.client('198.51.100.1');
    const timings: Record<'wrong' | 'unknown', number[]> = { wrong: [], unknown: [] };
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const [kind, body] of [
        ['wrong', wrongPassword],
        ['unknown', unknownEmail],
      ] as const) {
        const started = performance.now();
        const res = await client.post('/api/login', body);
        timings[kind].push(performance.now() - started);
        answers.add(`${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect([...answers]).toEqual([
      '401 {"message":"Invalid email or password","code":"invalid_credentials"}',
    ]);
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // Both run one bcrypt comparison at cost 10 (~75 ms here); without the dummy comparison an
    // unknown e-mail would answer in a few milliseconds. The ratio is loose because a loaded
    // CI machine slows either side; the absolute floor is what an attacker would measure.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.3);
    expect(median(timings.unknown)).toBeGreaterThan(30);
  });

  it('validates with the spec messages', async () => {
    const res = await identity
      .client()
      .post('/api/login', { username: 'not-an-email', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please enter a valid email address');
    expect(res.body.message).toContain('Password must be at least 6 characters');
  });

  it('refuses a sign-in posted from another site', async () => {
    const { user } = await registered();
    const res = await identity
      .client()
      .post(
        '/api/login',
        { username: user.email, password: user.password },
        { origin: 'https://evil.example' },
      );
    expect(res.status).toBe(403);
    expect(res.setCookie).toEqual([]);
    const sameSite = await identity
      .client()
      .post(
        '/api/login',
        { username: user.email, password: user.password },
        { origin: 'http://localhost:8080' },
      );
    expect(sameSite.status).toBe(200);
  });
});

describe('GET /api/user', () => {
  it('answers 401 without a session', async () => {
    const res = await identity.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses tampered, alg:none, expired, foreign-key and wrong-audience tokens', async () => {
    const { client, id } = await registered();
    const claims = await claimsOf(client);
    const keys = devKeys()!;
    const [header, payload, signature] = client.sessionCookie!.split('.') as [
      string,
      string,
      string,
    ];
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const asAdmin = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    const noneWithTyp = `${b64({ alg: 'none', typ: 'session+jwt' })}.${payload}.`;
    const sign = (over: Record<string, unknown>, key = createPrivateKey(keys.privateKeyPem)) =>
      new SignJWT({ ...claims, ...over })
        .setProtectedHeader({ alg: 'ES256', typ: 'session+jwt' })
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ iat: now - 7200, exp: now - 60 });
    const wrongAudience = await sign({ aud: 'another-app' });
    const wrongIssuer = await sign({ iss: 'someone-else' });
    const otherKey = await sign({}, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    const genuine = await sign({});

    const tryToken = async (token: string) => {
      const probe = identity.client();
      probe.sessionCookie = token;
      return (await probe.get('/api/user')).status;
    };
    expect(await tryToken(genuine)).toBe(200);
    for (const token of [
      asAdmin,
      unsigned,
      noneWithTyp,
      expired,
      wrongAudience,
      wrongIssuer,
      otherKey,
    ]) {
      expect(await tryToken(token)).toBe(401);
    }
    // A bearer token is read the same way, and refused the same way.
    const bearer = await identity
      .client()
      .get('/api/user', { authorization: `Bearer ${noneWithTyp}` });
    expect(bearer.status).toBe(401);
    expect(id).toBeTruthy();
  });

  it('refuses a token of a session that does not exist', async () => {
    const { id } = await registered();
    const probe = identity.client();
    probe.sessionCookie = await signSessionToken(
      { userId: id, role: 'user', sessionId: '00000000-0000-4000-8000-000000000000' },
      { privateKeyPem: devKeys()!.privateKeyPem, issuer: 'mia-identity', audience: 'mia' },
    );
    expect((await probe.get('/api/user')).status).toBe(401);
  });

  it('re-issues the cookie once half of the idle lifetime is gone, keeping the session', async () => {
    const { client, id } = await registered();
    const claims = await claimsOf(client);
    const fresh = await client.get('/api/user');
    expect(fresh.setCookie).toEqual([]);
    // The same session's token, issued 61 minutes ago (59 of its 120 minutes left).
    client.sessionCookie = await signSessionToken(
      {
        userId: id,
        role: 'user',
        sessionId: claims.sid as string,
        authTime: claims.auth_time as number,
      },
      {
        privateKeyPem: devKeys()!.privateKeyPem,
        issuer: 'mia-identity',
        audience: 'mia',
        ttlSeconds: 7200,
        now: () => Date.now() - 61 * 60_000,
      },
    );
    const old = client.sessionCookie;
    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.setCookie.map((c) => c.split('=')[0])).toEqual(['mia_session', 'mia_signed_in']);
    expect(client.sessionCookie).not.toBe(old);
    const renewed = await claimsOf(client);
    expect(renewed.sid).toBe(claims.sid);
    expect(renewed.auth_time).toBe(claims.auth_time);
    expect(renewed.exp as number).toBeGreaterThan(Date.now() / 1000 + 7000);
  });

  it('ends a session at its absolute lifetime, however recently the token was issued', async () => {
    const { client } = await registered();
    expect((await client.get('/api/user')).status).toBe(200);
    // The service's clock reaches the session's end; the token itself was signed a moment ago
    // and still verifies.
    identity.clock.advance(identity.service.ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000);
    try {
      expect((await client.get('/api/user')).status).toBe(401);
    } finally {
      identity.clock.reset();
    }
  });
});

describe('POST /api/logout', () => {
  it('makes the old cookie useless here at once and in every other service within a second', async () => {
    // Another service's view: a verifier whose revocation list is fed by identity's events.
    const revocations = new RevocationList();
    const verifier = createSessionVerifier({
      publicKeyPem: devKeys()!.publicKeyPem,
      issuer: 'mia-identity',
      audience: 'mia',
      isRevoked: revocations.isRevoked,
    });
    const fed = new Set<string>();
    const feed = setInterval(() => {
      for (const event of identity.published.ofType<SessionsRevokedFacts>('SessionsRevoked')) {
        if (fed.has(event.id)) continue;
        fed.add(event.id);
        recordSessionsRevoked(revocations, event.data);
      }
    }, 5);

    try {
      const { client, id } = await registered();
      const otherDevice = identity.client();
      const { user } = { user: await client.get('/api/user') };
      expect(user.status).toBe(200);
      const email = (user.body as { email: string }).email;
      const password = uniqueUser().password;
      await otherDevice.post('/api/login', { username: email, password });
      const stolen = client.sessionCookie!;
      expect(await verifier.verify(stolen)).not.toBeNull();

      const loggedOutAt = Date.now();
      const res = await client.post('/api/logout');
      expect(res.status).toBe(200);
      expect(res.setCookie.some((c) => /^mia_session=;/.test(c))).toBe(true);
      expect(client.sessionCookie).toBeUndefined();

      const replay = identity.client();
      replay.sessionCookie = stolen;
      expect((await replay.get('/api/user')).status).toBe(401);

      const revoked = await identity.published.waitFor<SessionsRevokedFacts & { reason: string }>(
        'SessionsRevoked',
        (d) => d.userId === id,
      );
      expect(revoked.data).toMatchObject({ reason: 'logout', revokedBefore: null });
      while ((await verifier.verify(stolen)) !== null) {
        if (Date.now() - loggedOutAt > 1_000) throw new Error('still accepted elsewhere after 1 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      // Only that session ended: the other device stays signed in.
      expect((await otherDevice.get('/api/user')).status).toBe(200);
      // Logging out again, or without a session, is harmless.
      expect((await replay.post('/api/logout')).status).toBe(200);
      expect((await identity.client().post('/api/logout')).status).toBe(200);
    } finally {
      clearInterval(feed);
    }
  });
});
