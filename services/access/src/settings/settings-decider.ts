import {
  defaultAccountSettings,
  NotificationSettingsChangedV1,
  type AccountSettings,
} from '@mia/contracts';
import { readerOf, type Decider, type EventOf } from '@mia/service-kit';

export type SettingsEvent = EventOf<typeof NotificationSettingsChangedV1>;

/** The switches as the user sets them in the dashboard (both at once, as the form sends them). */
export interface ChangeSettings {
  kind: 'change';
  userId: string;
  settings: AccountSettings;
}

/** One stream per user; its only event is published, so billing can honour the switch. */
export const settingsStreamId = (userId: string): string => `settings-${userId}`;

/**
 * A user's account settings: the defaults until changed; a change that changes nothing appends
 * nothing (no event for consumers to react to, no history noise).
 */
export const settingsDecider: Decider<ChangeSettings, AccountSettings, SettingsEvent> = {
  name: 'settings',
  initialState: () => defaultAccountSettings,
  evolve: (_state, event) => ({
    emailNotifications: event.data.emailNotifications,
    usageAlerts: event.data.usageAlerts,
  }),
  decide(command, state, { now }) {
    const { emailNotifications, usageAlerts } = command.settings;
    if (state.emailNotifications === emailNotifications && state.usageAlerts === usageAlerts)
      return [];
    return [
      {
        type: 'NotificationSettingsChanged',
        data: {
          userId: command.userId,
          emailNotifications,
          usageAlerts,
          changedAt: now.toISOString(),
        },
      },
    ];
  },
  read: readerOf<SettingsEvent>([NotificationSettingsChangedV1]),
};
