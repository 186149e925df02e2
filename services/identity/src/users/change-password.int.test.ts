import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

describe('POST /api/change-password', () => {
  it('needs a session', async () => {
    const res = await identity.client().post('/api/change-password', {
      currentPassword: 'x',
      newPassword: 'Nueva clave 1',
      confirmPassword: 'Nueva clave 1',
    });
    expect(res.status).toBe(401);
  });

  it('revokes every other session, keeps the caller signed in with a new one, publishes PasswordChanged', async () => {
    const user = uniqueUser();
    const phone = identity.client();
    const res = await phone.post('/api/register', user);
    const userId = (res.body as { id: string }).id;
    const laptop = identity.client();
    await laptop.post('/api/login', { username: user.email, password: user.password });
    const oldPhoneCookie = phone.sessionCookie;

    const wrong = await phone.post('/api/change-password', {
      currentPassword: 'not-it-123',
      newPassword: 'Nueva clave 1',
      confirmPassword: 'Nueva clave 1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is incorrect');

    const newPassword = 'Nueva clave de Ana 7';
    const changed = await phone.post('/api/change-password', {
      currentPassword: user.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.status).toBe(200);
    expect(phone.sessionCookie).not.toBe(oldPhoneCookie);
    expect((await phone.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    const stale = identity.client();
    stale.sessionCookie = oldPhoneCookie;
    expect((await stale.get('/api/user')).status).toBe(401);

    const event = await identity.published.waitFor<{ userId: string; reason: string }>(
      'PasswordChanged',
      (d) => d.userId === userId,
    );
    expect(event.data.reason).toBe('change');
    expect(
      (await identity.client().post('/api/login', { username: user.email, password: newPassword }))
        .status,
    ).toBe(200);
  });
});
