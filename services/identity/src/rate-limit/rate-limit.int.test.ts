import { createPool, pgRunner } from '@mia/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import {
  mailsTo,
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
} from '../identity-harness.fixture.js';
import { createRateLimiter } from '@mia/service-kit';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity({
    RATE_LIMIT_LOGIN_PER_IP: '6',
    RATE_LIMIT_LOGIN_FREE_FAILURES: '3',
    RATE_LIMIT_REGISTER_PER_IP: '3',
    RATE_LIMIT_REGISTER_PER_ACCOUNT: '2',
    RATE_LIMIT_FORGOT_PER_IP: '4',
    RATE_LIMIT_FORGOT_PER_ACCOUNT: '2',
  });
});
afterAll(() => identity?.stop());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function registered() {
  const user = uniqueUser();
  expect((await identity.client(freshIp()).post('/api/register', user)).status).toBe(201);
  return user;
}

describe('rate limits', () => {
  it('never locks the owner out: after 11 wrong passwords from anywhere, the right one from a clean client signs in', async () => {
    const user = await registered();
    const guess = (ip: string, i: number) =>
      identity.client(ip).post('/api/login', { username: user.email, password: `guess-${i}00` });
    // Eleven guesses spread over many addresses, as a botnet would send them.
    for (let i = 0; i < 11; i++) expect((await guess(freshIp(), i)).status).toBe(401);
    // Eleven more from one client: it gets its free attempts, then must wait longer each time.
    const attacker = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await guess(attacker, i)).status);
    expect(statuses).toEqual([401, 401, 401, ...Array(8).fill(429)]);
    const slowed = await guess(attacker, 99);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // (Past RATE_LIMIT_LOGIN_PER_IP, this client's own limit answers too.)
    expect(slowed.body.code).toBe('rate_limited');
    // Even the right password waits from the failing client: it proves nothing about who sends it.
    const fromAttacker = await identity
      .client(attacker)
      .post('/api/login', { username: user.email, password: user.password });
    expect(fromAttacker.status).toBe(429);
    // The owner, from a client that has not been failing, signs in at once.
    const owner = await identity
      .client(freshIp())
      .post('/api/login', { username: user.email, password: user.password });
    expect(owner.status).toBe(200);
  });

  it('slows an unknown account the same way, so a 429 reveals nothing about existence', async () => {
    const ghost = `ghost.${uniqueUser().email}`;
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await identity.client(ip).post('/api/login', { username: ghost, password: 'guess-123' }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const slowed = await identity
      .client(ip)
      .post('/api/login', { username: ghost, password: 'guess-123' });
    expect(slowed.body).toEqual({
      message: expect.stringMatching(
        /^Too many sign-in attempts\. Please wait \d seconds? and try again\.$/,
      ),
      code: 'rate_limited',
    });
  });

  it('lets a client that kept failing in at once after a password reset', async () => {
    const user = await registered();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      await identity
        .client(ip)
        .post('/api/login', { username: user.email, password: `guess-${i}00` });
    }
    const right = (password: string) =>
      identity.client(ip).post('/api/login', { username: user.email, password });
    expect((await right(user.password)).status).toBe(429);
    const forgot = await identity
      .client(freshIp())
      .post('/api/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(identity.mailDir, user.email);
      return found.length > 0 ? found : undefined;
    });
    const newPassword = 'Clave renovada 77';
    const reset = await identity.client(freshIp()).post('/api/reset-password', {
      token: mail!.token,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);
    expect((await right(newPassword)).status).toBe(200);
  });

  it('limits one IP across accounts', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const res = await identity
        .client(ip)
        .post('/api/login', { username: `someone${i}@iglesia.example`, password: 'guess-123' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Another IP is not affected.
    expect(
      (
        await identity
          .client(freshIp())
          .post('/api/login', { username: 'someone0@iglesia.example', password: 'guess-123' })
      ).status,
    ).toBe(401);
  });

  it('limits registrations per IP and per e-mail', async () => {
    const ip = freshIp();
    const perIp = [];
    for (let i = 0; i < 4; i++)
      perIp.push((await identity.client(ip).post('/api/register', uniqueUser())).status);
    expect(perIp).toEqual([201, 201, 201, 429]);

    const email = uniqueUser().email;
    const perAccount = [];
    for (let i = 0; i < 3; i++) {
      perAccount.push(
        (await identity.client(freshIp()).post('/api/register', uniqueUser({ email }))).status,
      );
    }
    expect(perAccount).toEqual([201, 409, 429]);
  });

  it('limits password-reset requests per e-mail and per IP, answering alike for unknown e-mails', async () => {
    const user = await registered();
    const known = [];
    const unknown = [];
    for (let i = 0; i < 3; i++) {
      known.push(
        (await identity.client(freshIp()).post('/api/forgot-password', { email: user.email }))
          .status,
      );
      unknown.push(
        (
          await identity
            .client(freshIp())
            .post('/api/forgot-password', { email: `nadie.${user.email}` })
        ).status,
      );
    }
    expect(known).toEqual([200, 200, 429]);
    expect(unknown).toEqual(known);

    const ip = freshIp();
    const perIp = [];
    for (let i = 0; i < 5; i++) {
      perIp.push(
        (await identity.client(ip).post('/api/forgot-password', { email: `n${i}.${user.email}` }))
          .status,
      );
    }
    expect(perIp).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('PostgreSQL rate limiter', () => {
  it('counts across instances and starts again when the window ends', async () => {
    const pool = createPool({
      url: identity.db.url,
      schema: 'identity',
      applicationName: 'limiter-test',
    });
    try {
      const a = createRateLimiter(pgRunner(pool).sql);
      const b = createRateLimiter(pgRunner(pool).sql);
      const rule = { key: `test:${Date.now()}`, limit: 2, windowMs: 1_000 };
      expect((await a.hit(rule)).allowed).toBe(true);
      expect((await b.hit(rule)).allowed).toBe(true);
      const third = await a.hit(rule);
      expect(third).toMatchObject({ allowed: false, hits: 3, retryAfterSec: 1 });
      await new Promise((r) => setTimeout(r, 1_050));
      expect(await b.hit(rule)).toMatchObject({ allowed: true, hits: 1 });
      await a.clear(rule.key);
      expect((await a.hit(rule)).hits).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
