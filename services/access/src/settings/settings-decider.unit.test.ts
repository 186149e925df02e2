import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { settingsDecider, type ChangeSettings, type SettingsEvent } from './settings-decider.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const NOW = '2026-03-01T12:00:00.000Z';
const spec = deciderSpec(settingsDecider, { now: NOW });

const change = (emailNotifications: boolean, usageAlerts: boolean): ChangeSettings => ({
  kind: 'change',
  userId,
  settings: { emailNotifications, usageAlerts },
});
const changed = (
  emailNotifications: boolean,
  usageAlerts: boolean,
  changedAt = NOW,
): SettingsEvent => ({
  type: 'NotificationSettingsChanged',
  data: { userId, emailNotifications, usageAlerts, changedAt },
});

describe('account settings', () => {
  it('start from the defaults: notifications on, usage alerts off', () => {
    expect(spec.given([]).state).toEqual({ emailNotifications: true, usageAlerts: false });
  });

  it('record a change with both switches and its time', () => {
    spec
      .given([])
      .when(change(false, true))
      .then([changed(false, true)]);
  });

  it('record nothing when the switches are already so', () => {
    spec.given([]).when(change(true, false)).then([]);
    spec
      .given([changed(false, true, '2026-02-01T00:00:00.000Z')])
      .when(change(false, true))
      .then([]);
  });

  it('follow the latest change', () => {
    const given = spec.given([
      changed(false, true, '2026-02-01T00:00:00.000Z'),
      changed(true, true, '2026-02-02T00:00:00.000Z'),
    ]);
    expect(given.state).toEqual({ emailNotifications: true, usageAlerts: true });
    given.when(change(true, false)).then([changed(true, false)]);
  });
});
