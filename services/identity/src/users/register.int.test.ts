import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

describe('POST /api/register', () => {
  it('creates the user, signs them in and publishes UserRegistered', async () => {
    const user = uniqueUser({ email: `  Maria.${Date.now()}@Iglesia.Example ` });
    const client = identity.client();
    const res = await client.post('/api/register', user);
    expect(res.status).toBe(201);
    const email = user.email.trim().toLowerCase();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: user.name,
      username: user.username,
      email,
      role: 'user',
      emailVerified: false,
      twoFactorEnabled: false,
    });
    // Outside development the verification token travels by mail only.
    expect(res.body).not.toHaveProperty('verificationToken');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(client.sessionCookie).toBeTruthy();
    expect((await client.get('/api/user')).body).toEqual(res.body);
    const event = await identity.published.waitFor<{ userId: string }>(
      'UserRegistered',
      (d) => d.userId === res.body.id,
    );
    expect(event.data).toEqual({
      userId: res.body.id,
      email,
      name: user.name,
      username: user.username,
      role: 'user',
    });
    expect(event.streamId).toBe(`user-${res.body.id}`);
    // Password hashes and sessions are identity's business only.
    expect(identity.published.ofType('PasswordSet')).toEqual([]);
    expect(identity.published.ofType('SessionStarted')).toEqual([]);
  });

  it('validates with the spec rules and messages', async () => {
    const res = await identity
      .client()
      .post('/api/register', { name: 'A', username: 'ab', email: 'nope', password: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    for (const message of [
      'Name must be at least 2 characters',
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
    ]) {
      expect(res.body.message).toContain(message);
    }
  });

  it('answers 409 for an e-mail already registered, whatever its case and spaces', async () => {
    const first = uniqueUser();
    expect((await identity.client().post('/api/register', first)).status).toBe(201);
    const again = uniqueUser({ email: ` ${first.email.toUpperCase()}  ` });
    const res = await identity.client().post('/api/register', again);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'An account with this email already exists',
      code: 'email_taken',
    });
  });

  it('answers 409 for a username already taken, whatever its case', async () => {
    const first = uniqueUser();
    expect((await identity.client().post('/api/register', first)).status).toBe(201);
    const res = await identity
      .client()
      .post('/api/register', uniqueUser({ username: first.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This username is already taken', code: 'username_taken' });
  });

  it('registers one of two simultaneous sign-ups with the same e-mail, 409 for the other', async () => {
    const user = uniqueUser();
    const results = await Promise.all([
      identity.client().post('/api/register', user),
      identity.client().post('/api/register', { ...user, username: `${user.username}_2` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a common password with a clear message', async () => {
    const res = await identity
      .client()
      .post('/api/register', uniqueUser({ password: 'Password1' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'This password is too common and easy to guess. Please choose a different one.',
      code: 'weak_password',
    });
  });

  it('refuses a password of spaces only, and counts characters and bytes after NFC', async () => {
    for (const password of ['        ', '\u3000'.repeat(8)]) {
      const res = await identity.client().post('/api/register', uniqueUser({ password }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Password must not be only spaces');
    }
    // 72 bytes as hashed (36 × ñ), 108 as typed (n + combining tilde).
    const decomposed = uniqueUser({ password: 'n\u0303'.repeat(36) });
    expect((await identity.client().post('/api/register', decomposed)).status).toBe(201);
    const composed = await identity
      .client()
      .post('/api/login', { username: decomposed.email, password: 'ñ'.repeat(36) });
    expect(composed.status).toBe(200);
  });

  it('refuses a password over 72 bytes instead of truncating it; 72 bytes work in full', async () => {
    const tooLong = uniqueUser({ password: 'ñ'.repeat(36) + 'x' });
    const refused = await identity.client().post('/api/register', tooLong);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Password must be at most 72 bytes');

    const exact = uniqueUser({ password: `${'ab'.repeat(35)}!?` });
    expect(Buffer.byteLength(exact.password)).toBe(72);
    expect((await identity.client().post('/api/register', exact)).status).toBe(201);
    const login = (password: string) =>
      identity.client().post('/api/login', { username: exact.email, password });
    expect((await login(exact.password)).status).toBe(200);
    // With bcrypt's silent truncation, this would sign in too.
    expect((await login(`${exact.password}-and-more`)).status).toBe(401);
    // The 72-byte prefix of a different ending does not match either.
    expect((await login(`${'ab'.repeat(35)}!!`)).status).toBe(401);
  });
});
