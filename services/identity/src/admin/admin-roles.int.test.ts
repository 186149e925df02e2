import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
  type TestClient,
} from '../identity-harness.fixture.js';

const claimsOf = (cookie: string) =>
  JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as {
    role: string;
    amr?: string[];
  };

interface RoleChanged {
  userId: string;
  email: string;
  role: string;
  previousRole: string;
  by: { userId: string; email: string } | null;
  reason: string;
}

describe('roles: ADMIN_EMAILS bootstraps verified admins, an admin command decides the rest', () => {
  let identity: IdentityUnderTest;
  const pastor = uniqueUser();
  const helper = uniqueUser();
  const squatter = uniqueUser();
  let pastorId = '';
  let helperId = '';
  const pastorClient = () => identity.client();
  let admin: TestClient;

  // Every committed role change, read directly: readAll is the relay's cursor read, which stops
  // below the oldest transaction still running anywhere in the cluster (ADR 0014).
  const roleChanges = async () =>
    Number(
      (
        await identity.service.ctx.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM events WHERE type = 'UserRoleChanged'`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    // Development mode hands the verification token back, as local tools use it.
    identity = await startIdentity({
      MIA_ENV: 'development',
      ADMIN_EMAILS: ` ${pastor.email.toUpperCase()} , ${squatter.email}`,
    });
  });
  afterAll(() => identity?.stop());

  it('does not make whoever registers a listed address admin: verifying it does', async () => {
    admin = pastorClient();
    const res = await admin.post('/api/register', { ...pastor, email: ` ${pastor.email} ` });
    expect(res.body).toMatchObject({ role: 'user', emailVerified: false });
    pastorId = res.body.id as string;
    // A listed address nobody verifies stays a user.
    expect((await identity.client().post('/api/register', squatter)).body.role).toBe('user');
    const helperRes = await identity.client().post('/api/register', helper);
    helperId = helperRes.body.id as string;
    await identity
      .client()
      .post('/api/verify-email', { token: helperRes.body.verificationToken as string });

    const verified = await identity
      .client()
      .post('/api/verify-email', { token: res.body.verificationToken as string });
    expect(verified.status).toBe(200);
    const promoted = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.email === pastor.email,
    );
    expect(promoted.version).toBe(2);
    expect(promoted.data).toMatchObject({
      role: 'admin',
      previousRole: 'user',
      by: null,
      reason: 'ADMIN_EMAILS',
    });
    // The token that carried `user` is dead; signing in again gives the admin role.
    expect((await admin.get('/api/user')).status).toBe(401);
    const again = await admin.post('/api/login', {
      username: pastor.email,
      password: pastor.password,
    });
    expect(again.body).toMatchObject({ role: 'admin', emailVerified: true });
    expect(claimsOf(admin.sessionCookie!)).toMatchObject({ role: 'admin', amr: ['pwd'] });
  });

  it('refuses the roles command to an admin signed in with a password only', async () => {
    const res = await admin.post('/api/admin/roles', {
      email: helper.email,
      role: 'admin',
      reason: 'Atiende el soporte',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'second_factor_required' });
  });

  it('lets the admin enrol, then grant and remove the role with a reason recorded in v2', async () => {
    const setup = await admin.post<{ otpauthUrl: string }>('/api/2fa/totp/setup');
    expect(setup.status).toBe(200);
    const code = (URI.parse(setup.body.otpauthUrl) as TOTP).generate({
      timestamp: identity.clock().getTime(),
    });
    expect((await admin.post('/api/2fa/totp/enable', { code })).status).toBe(200);
    expect(claimsOf(admin.sessionCookie!).amr).toEqual(['pwd', 'otp']);

    const helperSession = identity.client();
    await helperSession.post('/api/login', { username: helper.email, password: helper.password });

    const granted = await admin.post('/api/admin/roles', {
      email: helper.email.toUpperCase(),
      role: 'admin',
      reason: 'Atiende el soporte',
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      userId: helperId,
      email: helper.email,
      role: 'admin',
      changed: true,
    });
    const event = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.userId === helperId && d.role === 'admin',
    );
    expect(event.data).toMatchObject({
      by: { userId: pastorId, email: pastor.email },
      reason: 'Atiende el soporte',
    });
    // The helper's token carried `user`: it ends with the change.
    expect((await helperSession.get('/api/user')).status).toBe(401);

    // Asking again changes nothing.
    const repeated = await admin.post('/api/admin/roles', {
      email: helper.email,
      role: 'admin',
      reason: 'Atiende el soporte',
    });
    expect(repeated.body).toMatchObject({ changed: false });

    const removed = await admin.post('/api/admin/roles', {
      email: helper.email,
      role: 'user',
      reason: 'Ya no atiende el soporte',
    });
    expect(removed.body).toMatchObject({ role: 'user', changed: true });

    // Unknown addresses, unverified ones and the admin's own role are refused with a reason.
    const unknown = await admin.post('/api/admin/roles', {
      email: 'nadie@iglesia.example',
      role: 'admin',
      reason: 'Prueba',
    });
    expect(unknown.status).toBe(404);
    const unverified = await admin.post('/api/admin/roles', {
      email: squatter.email,
      role: 'admin',
      reason: 'Prueba',
    });
    expect(unverified.body).toMatchObject({ code: 'email_not_verified' });
    const own = await admin.post('/api/admin/roles', {
      email: pastor.email,
      role: 'user',
      reason: 'Prueba',
    });
    expect(own.body).toMatchObject({ code: 'own_role' });
    // And a user cannot call it at all.
    const asUser = await helperSession.post('/api/admin/roles', {
      email: helper.email,
      role: 'admin',
      reason: 'Prueba',
    });
    expect(asUser.status).toBe(401);
  });

  it('never demotes at start: an empty ADMIN_EMAILS keeps every admin', async () => {
    const before = await roleChanges();
    await identity.restart({ MIA_ENV: 'development', ADMIN_EMAILS: '' });
    expect(await roleChanges()).toBe(before);
    const login = await identity
      .client()
      .post('/api/login', { username: pastor.email, password: pastor.password });
    // The admin is still an admin (and now signs in with the second factor).
    expect(login.status).toBe(202);
    const row = await identity.service.ctx.db.user.findUniqueOrThrow({ where: { id: pastorId } });
    expect(row.role).toBe('admin');

    // Another list adds its verified address, and still takes nothing away.
    await identity.restart({ MIA_ENV: 'development', ADMIN_EMAILS: helper.email });
    const promoted = await identity.published.waitFor<RoleChanged>(
      'UserRoleChanged',
      (d) => d.userId === helperId && d.role === 'admin' && d.by === null,
    );
    expect(promoted.data.reason).toBe('ADMIN_EMAILS');
    expect(
      (await identity.service.ctx.db.user.findUniqueOrThrow({ where: { id: pastorId } })).role,
    ).toBe('admin');
  });
});
