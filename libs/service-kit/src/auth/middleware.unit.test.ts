import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { devKeys } from '../config/dev-keys.js';
import { createHttpApp } from '../http/create-app.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { readCookie } from './cookie.js';
import { createSessionAuth } from './middleware.js';
import { RevocationList } from './revocations.js';
import { createSessionSigner } from './signer.js';
import { createSessionVerifier } from './verifier.js';

const keys = devKeys()!;
const options = { issuer: 'mia-identity', audience: 'mia' };
const sign = createSessionSigner({ ...options, privateKeyPem: keys.privateKeyPem });
const revocations = new RevocationList();
const auth = createSessionAuth({
  cookieName: 'mia_session',
  verifier: createSessionVerifier({
    ...options,
    publicKeyPem: keys.publicKeyPem,
    isRevoked: revocations.isRevoked,
  }),
});

let server: Server;
let base: string;
beforeAll(async () => {
  const app = createHttpApp({
    service: 'test',
    logger: pino({ level: 'silent' }),
    routes(app) {
      app.get('/me', auth.requireUser, (req, res) => {
        res.json(req.user);
      });
      app.get('/admin', auth.requireAdmin, (req, res) => {
        res.json({ admin: req.user?.id });
      });
      app.get('/maybe', auth.optionalUser, (req, res) => {
        res.json({ user: req.user?.id ?? null });
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${boundPort(server)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

describe('requireUser', () => {
  it('answers 401 { message: "Unauthorized" } without a session', async () => {
    const res = await get('/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('reads the session cookie and sets req.user', async () => {
    const { token } = await sign({ userId: 'u-1', role: 'user', email: 'ana@example.org' });
    const res = await get('/me', { cookie: `theme=dark; mia_session=${token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'u-1', role: 'user', email: 'ana@example.org' });
  });

  it('accepts Authorization: Bearer', async () => {
    const { token } = await sign({ userId: 'u-2', role: 'user' });
    const res = await get('/me', { authorization: `Bearer ${token}` });
    expect(await res.json()).toMatchObject({ id: 'u-2' });
  });

  it('refuses an invalid token and a token under another cookie name', async () => {
    const { token } = await sign({ userId: 'u-1', role: 'user' });
    expect((await get('/me', { cookie: `mia_session=${token}x` })).status).toBe(401);
    expect((await get('/me', { cookie: `other_session=${token}` })).status).toBe(401);
  });

  it('refuses a revoked session at once, even though the token was cached', async () => {
    const { token } = await sign({ userId: 'u-3', role: 'user', sessionId: 'sess-3' });
    expect((await get('/me', { cookie: `mia_session=${token}` })).status).toBe(200);
    revocations.revokeSession('sess-3', Date.now() / 1000 + 3600);
    expect((await get('/me', { cookie: `mia_session=${token}` })).status).toBe(401);
  });
});

describe('requireAdmin', () => {
  it('answers 401 without a session, 403 for a user, 200 for an admin with a second factor', async () => {
    expect((await get('/admin')).status).toBe(401);
    const asUser = await get('/admin', {
      cookie: `mia_session=${(await sign({ userId: 'u-1', role: 'user', amr: ['pwd', 'otp'] })).token}`,
    });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ message: 'Forbidden' });
    const asAdmin = await get('/admin', {
      cookie: `mia_session=${(await sign({ userId: 'a-1', role: 'admin', amr: ['pwd', 'otp'] })).token}`,
    });
    expect(await asAdmin.json()).toEqual({ admin: 'a-1' });
  });

  it('answers 403 second_factor_required to an admin signed in with a password only', async () => {
    for (const amr of [['pwd'], undefined]) {
      const { token } = await sign({ userId: 'a-2', role: 'admin', amr });
      const res = await get('/admin', { cookie: `mia_session=${token}` });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'second_factor_required' });
    }
  });
});

describe('optionalUser', () => {
  it('never refuses, and sets the user when there is one', async () => {
    expect(await (await get('/maybe')).json()).toEqual({ user: null });
    expect(await (await get('/maybe', { cookie: 'mia_session=junk' })).json()).toEqual({
      user: null,
    });
    const { token } = await sign({ userId: 'u-9', role: 'user' });
    expect(await (await get('/maybe', { cookie: `mia_session=${token}` })).json()).toEqual({
      user: 'u-9',
    });
  });
});

describe('readCookie', () => {
  it('finds one cookie among several, unquoting and decoding it', () => {
    expect(readCookie('a=1; mia_session=abc; b=2', 'mia_session')).toBe('abc');
    expect(readCookie('mia_session="a%20b"', 'mia_session')).toBe('a b');
    expect(readCookie('xmia_session=1', 'mia_session')).toBeUndefined();
    expect(readCookie(undefined, 'mia_session')).toBeUndefined();
    expect(readCookie('mia_session=%E0%A4%A', 'mia_session')).toBe('%E0%A4%A');
  });
});

describe('RevocationList', () => {
  it('revokes by session id and by user for tokens issued before a time', () => {
    let now = 1_000_000;
    const list = new RevocationList(() => now);
    const claims = { sub: 'u', role: 'user' as const, jti: 'j', iat: 100, exp: 200 };
    expect(list.isRevoked({ ...claims, sid: 's' })).toBe(false);
    list.revokeSession('s', 200);
    expect(list.isRevoked({ ...claims, sid: 's' })).toBe(true);
    list.revokeUserBefore('u', 150, 300);
    expect(list.isRevoked(claims)).toBe(true);
    expect(list.isRevoked({ ...claims, iat: 150 })).toBe(false);
    now = 250_000;
    list.prune();
    expect(list.size).toBe(1);
    now = 300_000;
    list.prune();
    expect(list.size).toBe(0);
  });
});
