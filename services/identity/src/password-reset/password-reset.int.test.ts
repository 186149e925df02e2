import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
} from '../identity-harness.fixture.js';

const FORGOT_ANSWER = {
  message: 'If an account exists for this email, we have sent a link to reset your password.',
};

async function signedUpUser(identity: IdentityUnderTest) {
  const user = uniqueUser();
  const client = identity.client();
  const res = await client.post('/api/register', user);
  expect(res.status).toBe(201);
  return { user, client, id: (res.body as { id: string }).id };
}

async function sql<T extends pg.QueryResultRow>(
  identity: IdentityUnderTest,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

describe('password reset (MIA_ENV=test: the token only travels by mail)', () => {
  let identity: IdentityUnderTest;
  beforeAll(async () => {
    // Some tests ask for several links for one account (rate limits have their own tests).
    identity = await startIdentity({
      RATE_LIMIT_FORGOT_PER_ACCOUNT: '20',
      RATE_LIMIT_FORGOT_PER_IP: '100',
    });
  });
  afterAll(() => identity?.stop());

  it('answers the same for known and unknown e-mails and mails a Spanish link to the known one', async () => {
    const { user } = await signedUpUser(identity);
    const known = await identity
      .client()
      .post('/api/forgot-password', { email: ` ${user.email.toUpperCase()}` });
    const unknown = await identity
      .client()
      .post('/api/forgot-password', { email: `x${user.email}` });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(FORGOT_ANSWER);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(FORGOT_ANSWER);

    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(identity.mailDir, user.email);
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail!.subject).toBe('Restablece tu contraseña de Ministerio IA');
    expect(mail!.text).toContain('Hola, Ana Pérez:');
    expect(mail!.resetUrl).toBe(`http://localhost:8080/auth?token=${mail!.token}`);
    expect(mail!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await readdir(identity.mailDir)).filter((f) => f.endsWith('.eml')).length,
    ).toBeGreaterThan(0);
    expect(await mailsTo(identity.mailDir, `x${user.email}`)).toEqual([]);
    // Only the token's SHA-256 is stored.
    const rows = await sql<{ token_hash: string }>(
      identity,
      'SELECT token_hash FROM identity.password_reset_tokens',
    );
    expect(rows.some((r) => r.token_hash.includes(mail!.token))).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(mail!.token);
  });

  it('resets once, revokes every earlier session, and lets the new password sign in at once', async () => {
    const { user, client, id } = await signedUpUser(identity);
    const laptop = identity.client();
    expect(
      (await laptop.post('/api/login', { username: user.email, password: user.password })).status,
    ).toBe(200);
    await identity.client().post('/api/forgot-password', { email: user.email });
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(identity.mailDir, user.email);
      return mails.length > 0 ? mails : undefined;
    });

    const newPassword = 'Nueva clave: Juan 3:16!';
    const reset = await identity.client().post('/api/reset-password', {
      token: mail!.token,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been reset. You can now log in with your new password.',
    });

    // Every earlier session is dead, here and (through the event) everywhere.
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
    const revoked = await identity.published.waitFor<{
      userId: string;
      reason: string;
      sessionIds: string[];
    }>('SessionsRevoked', (d) => d.userId === id);
    expect(revoked.data.reason).toBe('password-reset');
    expect(revoked.data.sessionIds).toHaveLength(2);
    const changed = await identity.published.waitFor<{ userId: string; reason: string }>(
      'PasswordChanged',
      (d) => d.userId === id,
    );
    expect(changed.data.reason).toBe('reset');

    // Signing in right away (same second) works with the new password, not the old one.
    const fresh = identity.client();
    expect(
      (await fresh.post('/api/login', { username: user.email, password: user.password })).status,
    ).toBe(401);
    expect(
      (await fresh.post('/api/login', { username: user.email, password: newPassword })).status,
    ).toBe(200);
    expect((await fresh.get('/api/user')).status).toBe(200);

    // The link works once.
    const again = await identity.client().post('/api/reset-password', {
      token: mail!.token,
      newPassword: 'Otra clave 4 ever',
      confirmPassword: 'Otra clave 4 ever',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'This password reset link has already been used. Please request a new one.',
      code: 'reset_token_used',
    });
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const { user } = await signedUpUser(identity);
    await identity.client().post('/api/forgot-password', { email: user.email });
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(identity.mailDir, user.email);
      return mails.length > 0 ? mails : undefined;
    });
    const use = (password: string) =>
      identity.client().post('/api/reset-password', {
        token: mail!.token,
        newPassword: password,
        confirmPassword: password,
      });
    const results = await Promise.all([use('Primera clave 111'), use('Segunda clave 222')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link, an unknown one, a replaced one and one older than a password change', async () => {
    const { user, client } = await signedUpUser(identity);
    const body = (token: string, newPassword = 'Clave nueva 2026') => ({
      token,
      newPassword,
      confirmPassword: newPassword,
    });
    const reset = (token: string, newPassword?: string) =>
      identity.client().post('/api/reset-password', body(token, newPassword));
    const linkCount = async () => (await mailsTo(identity.mailDir, user.email)).length;
    const nextLink = async () => {
      const before = await linkCount();
      await identity.client().post('/api/forgot-password', { email: user.email });
      const mails = await waitFor(async () => {
        const found = await mailsTo(identity.mailDir, user.email);
        return found.length > before ? found : undefined;
      });
      return mails.at(-1)!.token;
    };

    // The link's hour passes on the service's clock (the decider reads no table for it).
    const expiring = await nextLink();
    identity.clock.advance(61 * 60_000);
    try {
      const expired = await reset(expiring);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({
        message: 'This password reset link has expired. Please request a new one.',
        code: 'reset_token_expired',
      });
    } finally {
      identity.clock.reset();
    }

    const unknown = await reset('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('reset_token_invalid');

    // Asking again voids the link mailed before.
    const older = await nextLink();
    const newer = await nextLink();
    const replaced = await reset(older);
    expect(replaced.status).toBe(400);
    expect(replaced.body).toEqual({
      message:
        'This password reset link was replaced by a newer one. Please use the latest link we sent you.',
      code: 'reset_token_replaced',
    });

    // A password changed another way voids the link that was open.
    const changed = await client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'Cambiada a mano 77',
      confirmPassword: 'Cambiada a mano 77',
    });
    expect(changed.status).toBe(200);
    const superseded = await reset(newer);
    expect(superseded.status).toBe(400);
    expect(superseded.body.code).toBe('reset_token_superseded');

    expect((await reset(await nextLink())).status).toBe(200);
  });

  it('validates with the spec messages and refuses a common new password', async () => {
    const missing = await identity.client().post('/api/reset-password', {
      token: '',
      newPassword: 'abcdefg',
      confirmPassword: 'abcdefh',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Reset token is required');
    expect(missing.body.message).toContain("Passwords don't match");

    const { user } = await signedUpUser(identity);
    await identity.client().post('/api/forgot-password', { email: user.email });
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(identity.mailDir, user.email);
      return found.length > 0 ? found : undefined;
    });
    const common = await identity.client().post('/api/reset-password', {
      token: mail!.token,
      newPassword: 'iloveyou',
      confirmPassword: 'iloveyou',
    });
    expect(common.status).toBe(400);
    expect(common.body.code).toBe('weak_password');
  });
});

describe('password reset in development mode', () => {
  let identity: IdentityUnderTest;
  beforeAll(async () => {
    identity = await startIdentity({ MIA_ENV: 'development' });
  });
  afterAll(() => identity?.stop());

  it('hands the token back to the auth screen, as the spec shows, and still mails it', async () => {
    const { user } = await signedUpUser(identity);
    const res = await identity.client().post('/api/forgot-password', { email: user.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...FORGOT_ANSWER,
      resetToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [mail] = await mailsTo(identity.mailDir, user.email);
    expect(mail!.token).toBe(res.body.resetToken);
    const unknown = await identity
      .client()
      .post('/api/forgot-password', { email: `x${user.email}` });
    expect(unknown.body).toEqual(FORGOT_ANSWER);
  });
});
