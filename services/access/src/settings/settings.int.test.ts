import { accountSettingsSchema } from '@mia/contracts';
import type { EventPublisher } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerUser,
  accessTestBed,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';

describe('account settings', () => {
  const bed = accessTestBed();
  let access: RunningAccess;
  let identity: EventPublisher;
  let ana: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    ({ access, identity } = bed);
    ana = await registerUser(identity, access);
    ben = await registerUser(identity, access);
  });

  const settingsOf = async (user: TestUser) => {
    const res = await call(access.url, 'GET', '/api/settings', { token: user.token });
    expect(res.status).toBe(200);
    return accountSettingsSchema.parse(res.body);
  };

  it('answers the defaults before anything is saved', async () => {
    expect(await settingsOf(ana)).toEqual({ emailNotifications: true, usageAlerts: false });
  });

  it('saves the signed-in user’s own switches and publishes the change once', async () => {
    const body = { emailNotifications: false, usageAlerts: true };
    const saved = await call(access.url, 'PUT', '/api/settings', { token: ana.token, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(body);
    expect(await settingsOf(ana)).toEqual(body);
    expect(await settingsOf(ben)).toEqual({ emailNotifications: true, usageAlerts: false });

    // Saving the same switches again changes nothing and appends nothing.
    await call(access.url, 'PUT', '/api/settings', { token: ana.token, body });
    const { rows } = await access.ctx.pool.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM access.events WHERE type = 'NotificationSettingsChanged'",
    );
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ userId: ana.id, ...body })]);
  });

  it('refuses anything but the two booleans', async () => {
    for (const body of [
      { emailNotifications: 'no', usageAlerts: false },
      { emailNotifications: true },
      { emailNotifications: true, usageAlerts: false, userId: ben.id },
    ]) {
      const res = await call(access.url, 'PUT', '/api/settings', { token: ben.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await settingsOf(ben)).toEqual({ emailNotifications: true, usageAlerts: false });
  });

  it('answers 401 when signed out', async () => {
    expect((await call(access.url, 'GET', '/api/settings')).status).toBe(401);
    const body = { emailNotifications: false, usageAlerts: false };
    expect((await call(access.url, 'PUT', '/api/settings', { body })).status).toBe(401);
  });
});
