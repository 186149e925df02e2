import { describe, expect, it } from 'vitest';
import { defaultSettings, readSettings, settingsKey, writeSettings } from './settings';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('account settings', () => {
  it('start with e-mail notifications on and usage alerts off', () => {
    expect(readSettings(memory(), 'u1')).toEqual({ emailNotifications: true, usageAlerts: false });
  });

  it('remember each user’s choice separately', () => {
    const store = memory();
    writeSettings(store, 'u1', { emailNotifications: false, usageAlerts: true });
    expect(readSettings(store, 'u1')).toEqual({ emailNotifications: false, usageAlerts: true });
    expect(readSettings(store, 'u2')).toEqual(defaultSettings);
  });

  it('fall back to the defaults for what is unreadable', () => {
    const store = memory();
    store.setItem(settingsKey('u1'), '{"usageAlerts":"yes"');
    expect(readSettings(store, 'u1')).toEqual(defaultSettings);
    store.setItem(settingsKey('u1'), '{"usageAlerts":true,"emailNotifications":1}');
    expect(readSettings(store, 'u1')).toEqual({ emailNotifications: true, usageAlerts: true });
    expect(readSettings(undefined, 'u1')).toEqual(defaultSettings);
  });
});
