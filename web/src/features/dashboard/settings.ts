import { useCallback, useState } from 'react';

/**
 * The account settings' switches. Neither identity nor access offers a settings endpoint yet,
 * so they are kept in this browser, per user; the spec's defaults apply until changed.
 */
export interface AccountSettings {
  emailNotifications: boolean;
  usageAlerts: boolean;
}

export const defaultSettings: AccountSettings = { emailNotifications: true, usageAlerts: false };

export const settingsKey = (userId: string) => `mia.settings.${userId}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** What was saved for this user, with the defaults for anything missing or unreadable. */
export function readSettings(store: Store | undefined, userId: string): AccountSettings {
  try {
    const raw = store?.getItem(settingsKey(userId));
    const saved: unknown = raw ? JSON.parse(raw) : null;
    if (!saved || typeof saved !== 'object') return defaultSettings;
    const { emailNotifications, usageAlerts } = saved as Record<string, unknown>;
    return {
      emailNotifications:
        typeof emailNotifications === 'boolean'
          ? emailNotifications
          : defaultSettings.emailNotifications,
      usageAlerts: typeof usageAlerts === 'boolean' ? usageAlerts : defaultSettings.usageAlerts,
    };
  } catch {
    return defaultSettings;
  }
}

export function writeSettings(store: Store | undefined, userId: string, value: AccountSettings) {
  try {
    store?.setItem(settingsKey(userId), JSON.stringify(value));
  } catch {
    // Private browsing or a full store: the switch still works for this visit.
  }
}

const browserStore = (): Store | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export function useAccountSettings(userId: string) {
  const [settings, setSettings] = useState(() => readSettings(browserStore(), userId));
  const update = useCallback(
    (change: Partial<AccountSettings>) =>
      setSettings((current) => {
        const next = { ...current, ...change };
        writeSettings(browserStore(), userId, next);
        return next;
      }),
    [userId],
  );
  return [settings, update] as const;
}
