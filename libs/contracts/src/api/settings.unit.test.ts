import { describe, expect, it } from 'vitest';
import { updateAccountSettingsRequestSchema } from './settings.js';

describe('account settings', () => {
  it('takes both switches as booleans', () => {
    const body = { emailNotifications: false, usageAlerts: true };
    expect(updateAccountSettingsRequestSchema.parse(body)).toEqual(body);
  });

  it('refuses strings, missing switches and unknown fields', () => {
    for (const body of [
      { emailNotifications: 'false', usageAlerts: true },
      { emailNotifications: true },
      { emailNotifications: true, usageAlerts: false, marketing: true },
      null,
    ])
      expect(updateAccountSettingsRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(
        false,
      );
  });
});
