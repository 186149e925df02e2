import type { Server } from 'node:http';
import { Router } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devKeys } from '../config/dev-keys.js';
import { createHttpApp } from '../http/create-app.js';
import { route } from '../http/route.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { createSessionAuth } from './middleware.js';
import { createSessionSigner } from './signer.js';
import { createSessionVerifier } from './verifier.js';

// The kit's `auth: 'admin'` is what every service's staff routes declare (access's
// /api/admin/*, billing's refunds, support's staff tickets), so this is where the second
// factor is required for all of them.
const keys = devKeys()!;
const options = { issuer: 'mia-identity', audience: 'mia' };
const sign = createSessionSigner({ ...options, privateKeyPem: keys.privateKeyPem });
const auth = createSessionAuth({
  cookieName: 'mia_session',
  verifier: createSessionVerifier({ ...options, publicKeyPem: keys.publicKeyPem }),
});

let server: Server;
let base: string;
beforeAll(async () => {
  const app = createHttpApp({
    service: 'test',
    logger: pino({ level: 'silent' }),
    routes(app) {
      const router = Router();
      route(router, auth, {
        method: 'get',
        path: '/api/admin/customers',
        auth: 'admin',
        handler: ({ user }) => ({ staff: user.id }),
      });
      route(router, auth, {
        method: 'post',
        path: '/api/2fa/totp/setup',
        auth: 'user',
        handler: ({ user }) => ({ enrolling: user.id }),
      });
      app.use(router);
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${boundPort(server)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = async (method: string, path: string, amr?: string[], role = 'admin' as const) => {
  const { token } = await sign({ userId: 'a-1', role, amr });
  return fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
};

describe("route auth: 'admin' requires the second factor", () => {
  it('answers 403 second_factor_required to an admin session made with a password only', async () => {
    for (const amr of [['pwd'], undefined]) {
      const res = await call('GET', '/api/admin/customers', amr);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'second_factor_required' });
    }
  });

  it('answers an admin session made with a one-time code', async () => {
    const res = await call('GET', '/api/admin/customers', ['pwd', 'otp']);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ staff: 'a-1' });
  });

  it('still lets that admin reach the set-up routes, which are user routes', async () => {
    const res = await call('POST', '/api/2fa/totp/setup', ['pwd']);
    expect(res.status).toBe(200);
  });
});
