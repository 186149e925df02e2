import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';
import { waitFor } from '@mia/testing';

const claimsOf = (cookie: string) =>
  JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as { role: string };

describe('admin role from ADMIN_EMAILS', () => {
  let identity: IdentityUnderTest;
  const pastor = uniqueUser();
  const helper = uniqueUser();

  beforeAll(async () => {
    identity = await startIdentity({
      ADMIN_EMAILS: ` ${pastor.email.toUpperCase()} , otro@iglesia.example`,
    });
  });
  afterAll(() => identity?.stop());

  it('gives the admin role at registration, in the answer and in the token', async () => {
    const admin = identity.client();
    const res = await admin.post('/api/register', { ...pastor, email: ` ${pastor.email} ` });
    expect(res.body.role).toBe('admin');
    expect(claimsOf(admin.sessionCookie!).role).toBe('admin');
    const event = await identity.published.waitFor<{ email: string; role: string }>(
      'UserRegistered',
      (d) => d.email === pastor.email,
    );
    expect(event.data.role).toBe('admin');

    const user = identity.client();
    expect((await user.post('/api/register', helper)).body.role).toBe('user');
    expect(claimsOf(user.sessionCookie!).role).toBe('user');
  });

  it('applies a changed ADMIN_EMAILS at start: roles change, events go out, old tokens die', async () => {
    const admin = identity.client();
    const helperClient = identity.client();
    await admin.post('/api/login', { username: pastor.email, password: pastor.password });
    await helperClient.post('/api/login', { username: helper.email, password: helper.password });

    await identity.restart({ ADMIN_EMAILS: helper.email });

    const promoted = await identity.published.waitFor<{
      userId: string;
      email: string;
      role: string;
      previousRole: string;
    }>('UserRoleChanged', (d) => d.email === helper.email);
    expect(promoted.data).toMatchObject({ role: 'admin', previousRole: 'user' });
    const demoted = await identity.published.waitFor<{
      userId: string;
      email: string;
      role: string;
    }>('UserRoleChanged', (d) => d.email === pastor.email);
    expect(demoted.data).toMatchObject({ role: 'user', previousRole: 'admin' });
    // Both revocations went out with the role changes, but they arrive from NATS one by one.
    const revoked = await waitFor(
      () => {
        const found = identity.published
          .ofType<{ reason: string; userId: string }>('SessionsRevoked')
          .filter((e) => e.data.reason === 'role-changed');
        return found.length >= 2 && found;
      },
      { message: 'two role-changed revocations' },
    );
    expect(revoked).toHaveLength(2);

    // Tokens carrying the old role are refused; signing in again gives the new one.
    expect((await admin.get('/api/user')).status).toBe(401);
    expect((await helperClient.get('/api/user')).status).toBe(401);
    const again = await helperClient.post('/api/login', {
      username: helper.email,
      password: helper.password,
    });
    expect(again.body.role).toBe('admin');
    expect(claimsOf(helperClient.sessionCookie!).role).toBe('admin');

    // A second start with the same setting changes nothing. Roles are applied before the
    // service starts serving, so the store already holds whatever that start appended.
    const roleChanges = async () =>
      (await identity.service.ctx.events.readAll(0, 100_000))
        .filter((e) => e.type === 'UserRoleChanged')
        .map((e) => e.streamId);
    const streams = [`user-${promoted.data.userId}`, `user-${demoted.data.userId}`];
    expect((await roleChanges()).sort()).toEqual([...streams].sort());
    await identity.restart({ ADMIN_EMAILS: helper.email });
    expect((await roleChanges()).sort()).toEqual([...streams].sort());
  });
});
