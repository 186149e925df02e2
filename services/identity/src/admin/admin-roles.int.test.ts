import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';
import { waitFor } from '@mia/testing';

const claimsOf = (cookie: string) =>
  JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as { role: string };

interface RoleChanged {
  userId: string;
  email: string;
  role: string;
  previousRole: string;
}

describe('admin role from ADMIN_EMAILS, for verified addresses only', () => {
  let identity: IdentityUnderTest;
  const pastor = uniqueUser();
  const helper = uniqueUser();
  const squatter = uniqueUser();
  let pastorToken = '';
  let helperToken = '';

  beforeAll(async () => {
    // Development mode hands the verification token back, as local tools use it.
    identity = await startIdentity({
      MIA_ENV: 'development',
      ADMIN_EMAILS: ` ${pastor.email.toUpperCase()} , ${squatter.email}`,
    });
  });
  afterAll(() => identity?.stop());

  it('does not make whoever registers a listed address admin: verifying it does', async () => {
    const admin = identity.client();
    const res = await admin.post('/api/register', { ...pastor, email: ` ${pastor.email} ` });
    expect(res.body).toMatchObject({ role: 'user', emailVerified: false });
    expect(claimsOf(admin.sessionCookie!).role).toBe('user');
    const registeredEvent = await identity.published.waitFor<{ email: string; role: string }>(
      'UserRegistered',
      (d) => d.email === pastor.email,
    );
    expect(registeredEvent.data.role).toBe('user');
    pastorToken = res.body.verificationToken as string;

    // A listed address nobody verifies stays a user, across a restart too.
    const squat = identity.client();
    expect((await squat.post('/api/register', squatter)).body.role).toBe('user');
    const helperRes = await identity.client().post('/api/register', helper);
    helperToken = helperRes.body.verificationToken as string;

    expect((await identity.client().post('/api/verify-email', { token: pastorToken })).status).toBe(
      200,
    );
    const promoted = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.email === pastor.email,
    );
    expect(promoted.data).toMatchObject({ role: 'admin', previousRole: 'user' });
    // The token that carried `user` is dead; signing in again gives the admin role.
    expect((await admin.get('/api/user')).status).toBe(401);
    const again = await admin.post('/api/login', {
      username: pastor.email,
      password: pastor.password,
    });
    expect(again.body).toMatchObject({ role: 'admin', emailVerified: true });
    expect(claimsOf(admin.sessionCookie!).role).toBe('admin');
    // The helper verifies too, but is not listed: nothing changes.
    expect((await identity.client().post('/api/verify-email', { token: helperToken })).status).toBe(
      200,
    );
    await identity.published.waitFor('UserEmailVerified', (d) => d.email === helper.email);
    expect(identity.published.ofType<RoleChanged>('UserRoleChanged')).toHaveLength(1);
  });

  it('applies a changed ADMIN_EMAILS at start to verified users only: roles change, old tokens die', async () => {
    const admin = identity.client();
    const helperClient = identity.client();
    await admin.post('/api/login', { username: pastor.email, password: pastor.password });
    await helperClient.post('/api/login', { username: helper.email, password: helper.password });

    await identity.restart({
      MIA_ENV: 'development',
      ADMIN_EMAILS: `${helper.email},${squatter.email}`,
    });

    const promoted = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.email === helper.email,
    );
    expect(promoted.data).toMatchObject({ role: 'admin', previousRole: 'user' });
    const demoted = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.email === pastor.email && d.role === 'user',
    );
    expect(demoted.data).toMatchObject({ role: 'user', previousRole: 'admin' });
    // The unverified listed address got nothing.
    expect(
      identity.published
        .ofType<RoleChanged>('UserRoleChanged')
        .filter((e) => e.data.email === squatter.email),
    ).toEqual([]);
    // Both revocations went out with the role changes, but they arrive from NATS one by one.
    // (Earlier role changes in this file revoked other sessions; these two are the restart's.)
    const changed = [promoted.data.userId, demoted.data.userId];
    const revoked = await waitFor(
      () => {
        const found = identity.published
          .ofType<{ reason: string; userId: string }>('SessionsRevoked')
          .filter((e) => e.data.reason === 'role-changed' && changed.includes(e.data.userId));
        return found.length >= 2 ? found : null;
      },
      { message: 'the two role-changed revocations of the restart' },
    );
    expect(new Set(revoked.map((e) => e.data.userId))).toEqual(new Set(changed));

    expect((await admin.get('/api/user')).status).toBe(401);
    expect((await helperClient.get('/api/user')).status).toBe(401);
    const again = await helperClient.post('/api/login', {
      username: helper.email,
      password: helper.password,
    });
    expect(again.body.role).toBe('admin');

    // A second start with the same setting changes nothing.
    const roleChanges = async () =>
      (await identity.service.ctx.events.readAll(undefined, 100_000)).filter(
        (e) => e.type === 'UserRoleChanged',
      ).length;
    const before = await roleChanges();
    await identity.restart({
      MIA_ENV: 'development',
      ADMIN_EMAILS: `${helper.email},${squatter.email}`,
    });
    expect(await roleChanges()).toBe(before);
  });
});
