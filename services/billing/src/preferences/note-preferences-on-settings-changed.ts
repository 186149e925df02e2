import { NotificationSettingsChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { mailPreferencesDecider, mailPreferencesStreamId } from './mail-preferences.js';

/** Keeps what access reports of the e-mail notifications switch, for the optional mails. */
export const notePreferencesOnSettingsChanged = () =>
  on<typeof NotificationSettingsChangedV1, BillingTx>(
    NotificationSettingsChangedV1,
    async (data, _envelope, ctx) => {
      await ctx.decide(mailPreferencesStreamId(data.userId), mailPreferencesDecider, {
        userId: data.userId,
        allowed: data.emailNotifications,
        changedAt: data.changedAt,
      });
    },
  );
