import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import {
  mailsOfKind,
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

const claimsOf = (client: TestClient) =>
  JSON.parse(Buffer.from(client.sessionCookie!.split('.')[1]!, 'base64url').toString()) as {
    amr?: string[];
  };

/**
 * The code an authenticator app shows at identity's clock, or `steps` 30-second steps later
 * (the app reads the same URL). Identity accepts the next step's code too (a phone's clock
 * drifts), which lets a test use a fresh code without waiting for it, or moving identity's clock
 * (its tokens would then be issued in the other services' future).
 */
const codeNow = (otpauthUrl: string, steps = 0) =>
  (URI.parse(otpauthUrl) as TOTP).generate({
    timestamp: identity.clock().getTime() + steps * 30_000,
  });

async function enrolled() {
  const client = identity.client();
  const user = uniqueUser();
  expect((await client.post('/api/register', user)).status).toBe(201);
  const setup = await client.post<{ secret: string; otpauthUrl: string }>('/api/2fa/totp/setup');
  expect(setup.status).toBe(200);
  const enable = await client.post<{ recoveryCodes: string[] }>('/api/2fa/totp/enable', {
    code: codeNow(setup.body.otpauthUrl),
  });
  expect(enable.status).toBe(200);
  return { client, user, otpauthUrl: setup.body.otpauthUrl, recovery: enable.body.recoveryCodes };
}

describe('enrolling an authenticator app', () => {
  it('gives a secret and its otpauth URL, refuses a wrong code, and enables with the right one', async () => {
    const client = identity.client();
    const user = uniqueUser();
    await client.post('/api/register', user);
    expect(claimsOf(client).amr).toEqual(['pwd']);

    const setup = await client.post<{ secret: string; otpauthUrl: string }>('/api/2fa/totp/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);

    const right = codeNow(setup.body.otpauthUrl);
    const wrong = right === '123456' ? '654321' : '123456';
    const refused = await client.post('/api/2fa/totp/enable', { code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_code' });

    const enabled = await client.post<{ recoveryCodes: string[] }>('/api/2fa/totp/enable', {
      code: right,
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    // A new session, made with the second factor.
    expect(claimsOf(client).amr).toEqual(['pwd', 'otp']);
    expect((await client.get('/api/user')).body).toMatchObject({ twoFactorEnabled: true });

    const mail = await waitFor(
      async () => (await mailsOfKind(identity.mailDir, user.email, 'two-factor-enabled'))[0],
      { message: 'the enrolment notice' },
    );
    expect(mail.subject).toMatch(/verificación en dos pasos/);
  });

  it('needs a session: the set-up routes answer 401 without one', async () => {
    expect((await identity.client().post('/api/2fa/totp/setup')).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('answers 202 with a pending cookie and no session until the code comes', async () => {
    const { user, otpauthUrl } = await enrolled();
    const browser = identity.client();
    const login = await browser.post('/api/login', {
      username: user.email,
      password: user.password,
    });
    expect(login.status).toBe(202);
    expect(login.body).toEqual({ secondFactor: 'totp' });
    expect(login.setCookie.some((c) => c.startsWith('mia_session='))).toBe(false);
    expect(browser.sessionCookie).toBeUndefined();
    expect((await browser.get('/api/user')).status).toBe(401);

    // The enrolment used the current step's code: the next step's is still new.
    const code = codeNow(otpauthUrl, 1);
    const wrong = code === '123456' ? '654321' : '123456';
    const refused = await browser.post('/api/login/second-factor', { code: wrong });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'invalid_code' });

    const done = await browser.post('/api/login/second-factor', { code });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: user.email, twoFactorEnabled: true });
    expect(claimsOf(browser).amr).toEqual(['pwd', 'otp']);
    expect((await browser.get('/api/user')).status).toBe(200);

    // The same code never signs in twice, even within its window.
    const again = identity.client();
    expect(
      (await again.post('/api/login', { username: user.email, password: user.password })).status,
    ).toBe(202);
    const replay = await again.post('/api/login/second-factor', { code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'code_already_used' });
    expect(again.sessionCookie).toBeUndefined();

    // The completed pending sign-in cannot be completed again either.
    const stale = await browser.post('/api/login/second-factor', { code: codeNow(otpauthUrl, 1) });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ code: 'second_factor_expired' });
  });

  it('accepts each recovery code once', async () => {
    const { user, recovery } = await enrolled();
    const signIn = async (code: string) => {
      const browser = identity.client();
      await browser.post('/api/login', { username: user.email, password: user.password });
      return browser.post('/api/login/second-factor', { code });
    };
    expect((await signIn(recovery[0]!.toUpperCase())).status).toBe(200);
    const reused = await signIn(recovery[0]!);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'invalid_code' });
    expect((await signIn(recovery[1]!)).status).toBe(200);
  });

  it('refuses a code without a pending sign-in', async () => {
    const res = await identity.client().post('/api/login/second-factor', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'second_factor_expired' });
  });
});

describe('turning the second factor off', () => {
  it('takes the password and a code, mails the owner, and sign-in needs the password only again', async () => {
    const { client, user, otpauthUrl } = await enrolled();
    const wrongPassword = await client.post('/api/2fa/disable', {
      password: 'not the password',
      code: codeNow(otpauthUrl, 1),
    });
    expect(wrongPassword.status).toBe(400);
    const off = await client.post('/api/2fa/disable', {
      password: user.password,
      code: codeNow(otpauthUrl, 1),
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ twoFactorEnabled: false });
    expect(claimsOf(client).amr).toEqual(['pwd']);
    await waitFor(
      async () => (await mailsOfKind(identity.mailDir, user.email, 'two-factor-disabled'))[0],
      { message: 'the notice that the second factor is off' },
    );
    const login = await identity
      .client()
      .post('/api/login', { username: user.email, password: user.password });
    expect(login.status).toBe(200);
  });
});

describe('guessing codes', () => {
  it('is limited per account: past RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT, 429 even for the right code', async () => {
    await identity.restart({ RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: '3' });
    try {
      const { user, otpauthUrl } = await enrolled();
      const browser = identity.client();
      await browser.post('/api/login', { username: user.email, password: user.password });
      const right = codeNow(otpauthUrl, 1);
      const wrong = right === '123456' ? '654321' : '123456';
      // The enrolment counted once; two wrong guesses reach the limit.
      for (let i = 0; i < 2; i += 1) {
        expect((await browser.post('/api/login/second-factor', { code: wrong })).status).toBe(401);
      }
      const limited = await browser.post('/api/login/second-factor', { code: right });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(browser.sessionCookie).toBeUndefined();
    } finally {
      await identity.restart();
    }
  });
});
