import type { Server } from 'node:http';
import { Router } from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionAuth } from '../auth/middleware.js';
import { createSessionSigner } from '../auth/signer.js';
import { createSessionVerifier } from '../auth/verifier.js';
import { devKeys } from '../config/dev-keys.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { createHttpApp } from './create-app.js';
import { routesOf } from './route.js';

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
      const route = routesOf(router, auth);
      route({
        method: 'get',
        path: '/api/dashboard',
        auth: 'user',
        handler: () => ({ code: 'MIA-1' }),
      });
      route({
        method: 'post',
        path: '/api/tickets',
        auth: 'user',
        status: 201,
        handler: ({ res }) => {
          res.status(204).end();
          return undefined;
        },
      });
      route({ method: 'get', path: '/api/admin/customers', auth: 'admin', handler: () => [] });
      route({ method: 'get', path: '/api/catalog', auth: 'public', handler: () => [] });
      app.use(router);
      // A route written with the middleware instead of route(): the same default.
      app.get('/api/timeline', auth.requireUser, (_req, res) => {
        res.json([]);
      });
      app.get('/api/admin/stats', auth.requireAdmin, (_req, res) => {
        res.json({});
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${boundPort(server)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = async (path: string, token?: string, method = 'GET') => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' ? {} : { origin: base }),
    },
  });
  return { status: res.status, cacheControl: res.headers.get('cache-control') };
};

describe('Cache-Control on signed-in routes (a kit default)', () => {
  it('is no-store on every answer of a user or admin route, refusals included', async () => {
    const user = (await sign({ userId: 'u-1', role: 'user' })).token;
    const admin = (await sign({ userId: 'a-1', role: 'admin', amr: ['pwd', 'otp'] })).token;
    const answers = [
      ['/api/dashboard', user, 'GET', 200],
      ['/api/dashboard', undefined, 'GET', 401],
      ['/api/tickets', user, 'POST', 204],
      ['/api/admin/customers', admin, 'GET', 200],
      ['/api/admin/customers', user, 'GET', 403],
      ['/api/timeline', user, 'GET', 200],
      ['/api/timeline', undefined, 'GET', 401],
      ['/api/admin/stats', admin, 'GET', 200],
      ['/api/admin/stats', user, 'GET', 403],
    ] as const;
    for (const [path, token, method, status] of answers) {
      expect(await call(path, token, method), `${method} ${path}`).toEqual({
        status,
        cacheControl: 'no-store',
      });
    }
  });

  it('leaves public routes to decide for themselves', async () => {
    expect((await call('/api/catalog')).cacheControl).toBeNull();
  });
});
