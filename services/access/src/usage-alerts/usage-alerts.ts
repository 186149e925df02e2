import { enqueueMail, fold, readEvents, type EventStoreSession } from '@mia/service-kit';
import type { Access } from '../access.js';
import { settingsDecider, settingsStreamId } from '../settings/settings-decider.js';
import { hourOf, verificationsInHour } from './usage-alert-counts.js';
import { usageAlertMail } from './usage-alert-mail.js';
import { usageAlertDue } from './usage-alert-rule.js';

/**
 * Runs in the transaction that appended a verification of the user's code (GptOpened or
 * GptAccessDenied through the GPT API), after the usage-alert-counts projection counted it: on
 * the verification that takes the hour's count past USAGE_ALERT_THRESHOLD, queues one mail if
 * the user turned usage alerts on. The count is the projection's row as its upsert returned it
 * (usage-alert-counts.ts), so this adds neither a write nor a round trip to the verification;
 * the user's row is locked by the append until commit, so only one verification sees the
 * crossing count: one mail per hour. The mail is queued in the same
 * transaction (the kit's worker sends and retries it after commit), inside a savepoint, so one
 * that cannot be queued is logged and never fails the verification.
 */
export async function queueUsageAlertIfDue(
  access: Access,
  session: EventStoreSession<unknown>,
  userId: string,
  at: Date,
): Promise<void> {
  const threshold = access.config.USAGE_ALERT_THRESHOLD;
  const uses = await verificationsInHour(session.sql, userId, at);
  // Past the threshold only once per hour: the settings are read for that one verification.
  if (!usageAlertDue(uses, threshold, true)) return;
  const settings = fold(
    settingsDecider,
    readEvents(settingsDecider, await session.readStream(settingsStreamId(userId))),
  );
  if (!usageAlertDue(uses, threshold, settings.usageAlerts)) return;
  // Plain SQL: the verification's transaction is a plain pg one (verification-store.ts).
  const [user] = await session.sql.query<{ email: string; name: string }>(
    'SELECT email, name FROM user_directory WHERE user_id = $1::uuid',
    [userId],
  );
  if (!user) return;
  const mail = usageAlertMail({
    to: user.email,
    name: user.name,
    // The directory has no language yet (identity has no setting): Spanish, the store's own.
    language: 'es',
    uses,
    dashboardUrl: new URL('/dashboard', access.config.PUBLIC_ORIGIN).toString(),
  });
  await session.sql.query('SAVEPOINT usage_alert');
  try {
    // One key per user and hour.
    await enqueueMail(session.sql, access.schema, {
      key: `usage-alert:${userId}:${hourOf(at).toISOString()}`,
      mail: { ...mail, meta: { kind: 'usage-alert', userId } },
    });
    await session.sql.query('RELEASE SAVEPOINT usage_alert');
  } catch (err) {
    await session.sql.query('ROLLBACK TO SAVEPOINT usage_alert');
    access.logger.warn({ err, userId }, 'usage alert not queued');
  }
}
