import { randomUUID } from 'node:crypto';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../support/system.js';
import { verificationTokenIn } from '../support/verification-mail.js';

// The admin role across real processes: registering an ADMIN_EMAILS address gives nothing
// until the link mailed to it is opened, through the gateway's routes like any browser call.
describe('an ADMIN_EMAILS address becomes admin once verified', () => {
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
    const user = await call('/api/user', undefined, sessionOf(login));
    expect(await user.json()).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
