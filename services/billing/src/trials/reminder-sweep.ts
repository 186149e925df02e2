import { createSweep, enqueueMail, type Sweep } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { recipientOf } from '../mail/recipient.js';
import { optionalMailsAllowed } from '../preferences/mail-preferences.js';
import { trialReminderMail } from '../mail/templates/trial-reminder.js';
import { trialStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { trialDecider } from './trial-decider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** Queues the reminders now due (sweep answers how many; 0 when another replica acts). */
export type TrialReminders = Sweep;

/**
 * The trial-ends-tomorrow reminder: a sweep every TRIAL_REMINDER_SWEEP_MS. One replica acts at a
 * time (the kit's sweep); each reminder's TrialReminderSent commits with its queued
 * mail, so each trial gets one; the kit's mail worker sends it after commit (and retries it).
 */
export function createTrialReminders(billing: Billing): TrialReminders {
  async function remind(userId: string): Promise<boolean> {
    return transact(billing, async (session) => {
      const to = await recipientOf(session.tx, userId);
      if (!to) return false;
      if (!(await optionalMailsAllowed(session, userId))) {
        await decideIn(billing, session, trialStreamId(userId), trialDecider, {
          kind: 'skip-reminder',
          userId,
        });
        return false;
      }
      const { decided, state } = await decideIn(
        billing,
        session,
        trialStreamId(userId),
        trialDecider,
        {
          kind: 'remind',
          userId,
        },
      );
      if (decided.length === 0 || !state.trial) return false;
      const mail = trialReminderMail(to.locale, {
        name: to.name,
        siteUrl: billing.config.PUBLIC_ORIGIN,
        endsAt: state.trial.endsAt,
      });
      await enqueueMail(session.sql, billing.schema, {
        key: `trial-reminder:${state.trial.trialId}`,
        mail: {
          to: to.email,
          ...mail,
          meta: { kind: 'trial-reminder', trialId: state.trial.trialId },
        },
      });
      return true;
    });
  }

  return createSweep({
    name: 'trial-reminders',
    schema: billing.schema,
    pool: billing.pool,
    logger: billing.logger,
    intervalMs: billing.config.TRIAL_REMINDER_SWEEP_MS,
    due: () => {
      const now = billing.clock();
      return billing.db.trial.findMany({
        where: {
          reminderSentAt: null,
          endsAt: { gt: now, lte: new Date(now.getTime() + DAY_MS) },
        },
        orderBy: { endsAt: 'asc' },
        take: BATCH,
      });
    },
    handle: (trial) => remind(trial.userId),
    describe: (trial) => ({ trialId: trial.trialId }),
  });
}
