import pg from 'pg';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentity,
  uniqueUser,
  verificationMailsTo,
  type IdentityUnderTest,
} from '../identity-harness.fixture.js';

const nthMail = (identity: IdentityUnderTest, to: string, n: number) =>
  waitFor(async () => (await verificationMailsTo(identity.mailDir, to))[n - 1], {
    message: `verification mail ${n} to ${to}`,
  });

async function registered(identity: IdentityUnderTest) {
  const user = uniqueUser();
  const client = identity.client();
  const res = await client.post('/api/register', user);
  expect(res.status).toBe(201);
  return { user, client, id: (res.body as { id: string }).id, body: res.body };
}

describe('e-mail verification (MIA_ENV=test: the token only travels by mail)', () => {
  let identity: IdentityUnderTest;
  beforeAll(async () => {
    identity = await startIdentity({ RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT: '3' });
  });
  afterAll(() => identity?.stop());

  it('mails a Spanish link at registration and verifies the address once with it', async () => {
    const { user, client, id } = await registered(identity);
    const mail = await nthMail(identity, user.email, 1);
    expect(mail.subject).toBe('Confirma tu correo electrónico en Ministerio IA');
    expect(mail.text).toContain('Hola, Ana Pérez:');
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.verifyUrl).toBe(`http://localhost:8080/verify-email?token=${mail.token}`);
    // Only the token's SHA-256 is stored.
    const db = new pg.Client({ connectionString: identity.db.url });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT * FROM identity.email_verification_tokens');
      expect(JSON.stringify(rows)).not.toContain(mail.token);
    } finally {
      await db.end();
    }

    // Opened in another browser: it verifies, signs nobody in, and the event goes out.
    const elsewhere = identity.client();
    const verified = await elsewhere.post('/api/verify-email', { token: ` ${mail.token} ` });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'Your email address has been verified.' });
    expect(verified.headers.get('cache-control')).toBe('no-store');
    expect(verified.setCookie).toEqual([]);
    const event = await identity.published.waitFor<{ userId: string; email: string }>(
      'UserEmailVerified',
      (d) => d.userId === id,
    );
    expect(event.data.email).toBe(user.email);
    expect((await client.get('/api/user')).body).toMatchObject({ id, emailVerified: true });

    const again = await elsewhere.post('/api/verify-email', { token: mail.token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'This verification link has already been used.',
      code: 'verification_token_used',
    });
    const resend = await client.post('/api/verify-email/resend');
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('email_already_verified');
  });

  it('resends a link that replaces the older one, for the signed-in user only, rate-limited', async () => {
    const { user, client } = await registered(identity);
    expect((await identity.client().post('/api/verify-email/resend')).status).toBe(401);
    const first = await nthMail(identity, user.email, 1);
    const resent = await client.post('/api/verify-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({
      message: 'We have sent you a new link to verify your email address.',
    });
    expect(resent.headers.get('cache-control')).toBe('no-store');
    const second = await nthMail(identity, user.email, 2);
    expect(second.token).not.toBe(first.token);
    const old = await identity.client().post('/api/verify-email', { token: first.token });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('verification_token_replaced');
    expect((await client.post('/api/verify-email/resend')).status).toBe(200);
    expect((await client.post('/api/verify-email/resend')).status).toBe(200);
    const limited = await client.post('/api/verify-email/resend');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
  });

  it('refuses an expired link and an unknown one', async () => {
    const { user } = await registered(identity);
    const mail = await nthMail(identity, user.email, 1);
    identity.clock.advance(24 * 3_600_000);
    try {
      const expired = await identity.client().post('/api/verify-email', { token: mail.token });
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({
        message: 'This verification link has expired. Please request a new one.',
        code: 'verification_token_expired',
      });
    } finally {
      identity.clock.reset();
    }
    const unknown = await identity.client().post('/api/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('verification_token_invalid');
    const empty = await identity.client().post('/api/verify-email', { token: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Verification token is required');
  });
});

describe('e-mail verification in development mode', () => {
  let identity: IdentityUnderTest;
  beforeAll(async () => {
    identity = await startIdentity({ MIA_ENV: 'development' });
  });
  afterAll(() => identity?.stop());

  it('hands the token back in the register and resend answers, and still mails it', async () => {
    const { user, client, body } = await registered(identity);
    expect(body.verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await nthMail(identity, user.email, 1)).token).toBe(body.verificationToken);
    const resent = await client.post('/api/verify-email/resend');
    expect(resent.body.verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await identity.client().post('/api/verify-email', { token: resent.body.verificationToken }))
        .status,
    ).toBe(200);
  });
});
