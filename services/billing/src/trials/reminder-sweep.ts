import { enqueueMail } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { recipientOf } from '../mail/recipient.js';
import { optionalMailsAllowed } from '../preferences/mail-preferences.js';
import { trialReminderMail } from '../mail/templates/trial-reminder.js';
import { trialStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { trialDecider } from './trial-decider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface TrialReminders {
  /** Queues the reminders now due; answers how many (0 when another replica acts). */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The trial-ends-tomorrow reminder: a sweep every TRIAL_REMINDER_SWEEP_MS. One replica acts at a
 * time (a PostgreSQL advisory lock); each reminder's TrialReminderSent commits with its queued
 * mail, so each trial gets one; the kit's mail worker sends it after commit (and retries it).
 */
export function createTrialReminders(billing: Billing): TrialReminders {
  const lockName = `${billing.schema}.trial-reminders`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

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

  async function sweepOnce(): Promise<number> {
    const client = await billing.pool.connect();
    try {
      const [row] = (
        await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [lockName],
        )
      ).rows;
      if (!row?.locked) return 0;
      try {
        const now = billing.clock();
        const due = await billing.db.trial.findMany({
          where: {
            reminderSentAt: null,
            endsAt: { gt: now, lte: new Date(now.getTime() + DAY_MS) },
          },
          orderBy: { endsAt: 'asc' },
          take: BATCH,
        });
        let sent = 0;
        for (const trial of due) {
          try {
            if (await remind(trial.userId)) sent += 1;
          } catch (err) {
            billing.logger.warn(
              { err, trialId: trial.trialId },
              'trial reminder not sent; retried',
            );
          }
        }
        return sent;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
      }
    } finally {
      client.release();
    }
  }

  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    sweep,
    start() {
      timer ??= setInterval(() => {
        sweep().catch((err: unknown) =>
          billing.logger.error({ err }, 'trial reminder sweep failed'),
        );
      }, billing.config.TRIAL_REMINDER_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
