import { enqueueMail } from '@mia/service-kit';
import type { Access } from '../access.js';
import { settingsDecider, settingsStreamId } from '../settings/settings-decider.js';
import { usageAlertMail } from './usage-alert-mail.js';
import { usageAlertDue } from './usage-alert-rule.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts a verification of the user's code through the GPT API and, on the one that takes the
 * hour's count past USAGE_ALERT_THRESHOLD, mails the user if they turned usage alerts on. The
 * count lives in the shared rate-limit table (one atomic row per user and hour window), so only
 * one verification on one replica crosses the threshold: one mail per window. The mail is
 * queued (the kit's worker sends and retries it), so a slow mail server never slows a
 * verification; one that cannot even be queued is logged and never fails the verification.
 */
export async function countVerification(access: Access, userId: string): Promise<void> {
  try {
    const { hits, retryAfterSec } = await access.limiter.hit({
      key: `usage-alert:${userId}`,
      limit: access.config.USAGE_ALERT_THRESHOLD,
      windowMs: HOUR_MS,
    });
    const threshold = access.config.USAGE_ALERT_THRESHOLD;
    // Past the threshold only once per window: the settings are read for that one use.
    if (!usageAlertDue(hits, threshold, true)) return;
    const { state } = await access.commands.load(settingsStreamId(userId), settingsDecider);
    if (!usageAlertDue(hits, threshold, state.usageAlerts)) return;
    const user = await access.db.directoryUser.findUnique({ where: { userId } });
    if (!user) return;
    const mail = usageAlertMail({
      to: user.email,
      name: user.name,
      // The directory has no language yet (identity has no setting): Spanish, the store's own.
      language: 'es',
      uses: hits,
      dashboardUrl: new URL('/dashboard', access.config.PUBLIC_ORIGIN).toString(),
    });
    // One key per user and window, named by when the window ends (to the minute, in real time:
    // the limiter's windows follow the database's clock, not the service's).
    const windowEnds = Math.round((Date.now() + retryAfterSec * 1000) / 60_000);
    await enqueueMail(access.events.sql, access.schema, {
      key: `usage-alert:${userId}:${windowEnds}`,
      mail: { ...mail, meta: { kind: 'usage-alert', userId } },
    });
  } catch (err) {
    access.logger.warn({ err, userId }, 'usage alert not sent');
  }
}
