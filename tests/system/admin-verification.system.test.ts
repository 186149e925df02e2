import { randomUUID } from 'node:crypto';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../support/second-factor.js';
import { startSystem, type TestSystem } from '../support/system.js';
import { verificationTokenIn } from '../support/verification-mail.js';

// The admin role across real processes: registering an ADMIN_EMAILS address gives nothing
// until the link mailed to it is opened, and the admin's staff routes answer only once a
// second factor is enrolled, through the gateway's routes like any browser call.
describe('an ADMIN_EMAILS address becomes admin once verified, and staff once enrolled', () => {
  const email = `pastor.admin.${randomUUID().slice(0, 8)}@iglesia.org`;
  const password = 'Gracia-y-Paz-2026';
  let system: TestSystem;

  beforeAll(async () => {
    system = await startSystem({ env: { ADMIN_EMAILS: email } });
  });
  afterAll(() => system?.stop());

  const call = (path: string, body?: unknown, cookie = '') =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        origin: system.baseUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  it('registers as a user, verifies through /api/verify-email, and signs in as admin', async () => {
    const registered = await call('/api/register', {
      name: 'Pastor Admin',
      username: `admin${Date.now()}`,
      email,
      password,
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('cache-control')).toBe('no-store');
    expect(await registered.json()).toMatchObject({ role: 'user', emailVerified: false });
    const cookie = sessionOf(registered);
    expect(cookie).toContain('mia_signed_in=1');

    const token = await waitFor(() => verificationTokenIn(system.mailDir, email), {
      message: 'the verification mail',
    });
    const verified = await call('/api/verify-email', { token });
    expect(verified.status).toBe(200);

    const login = await call('/api/login', { username: email, password });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'admin', emailVerified: true });
    const passwordOnly = sessionOf(login);
    const user = await call('/api/user', undefined, passwordOnly);
    expect(await user.json()).toMatchObject({ role: 'admin', emailVerified: true });

    // Every service checks the session itself: a password alone opens no staff route.
    for (const path of [
      `/api/admin/customers?email=${encodeURIComponent(email)}`,
      '/api/support/staff/tickets',
    ]) {
      const refused = await call(path, undefined, passwordOnly);
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toMatchObject({ code: 'second_factor_required' });
    }

    // The set-up routes are open to that session: enrolling issues a session with the factor.
    const setup = await call('/api/2fa/totp/setup', {}, passwordOnly);
    expect(setup.status).toBe(200);
    const { otpauthUrl } = (await setup.json()) as { otpauthUrl: string };
    const enabled = await call(
      '/api/2fa/totp/enable',
      { code: totpCode(otpauthUrl) },
      passwordOnly,
    );
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    const staff = sessionOf(enabled);
    expect((await call('/api/support/staff/tickets', undefined, staff)).status).toBe(200);
    expect(
      (await call(`/api/admin/customers?email=${encodeURIComponent(email)}`, undefined, staff))
        .status,
    ).toBe(200);

    // From now on the password opens a pending sign-in, and the code completes it.
    const pending = await call('/api/login', { username: email, password });
    expect(pending.status).toBe(202);
    expect(await pending.json()).toEqual({ secondFactor: 'totp' });
    expect(sessionOf(pending)).not.toContain('mia_session=');
    const done = await call(
      '/api/login/second-factor',
      { code: totpCode(otpauthUrl, 1) },
      sessionOf(pending),
    );
    expect(done.status).toBe(200);
    expect((await call('/api/support/staff/tickets', undefined, sessionOf(done))).status).toBe(200);
  });
});
