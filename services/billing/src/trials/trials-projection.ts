import { TrialStartedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { TrialReminderSent, TrialReminderSkipped } from './trial-events.js';

/**
 * `trials`: each account's trial, and whether its reminder is done with (the sweep's work list):
 * `reminderSentAt` is also set when it was skipped, so the sweep does not pick it up again.
 */
export const trialsProjection: Projection<BillingTx> = {
  name: 'billing-trials',
  handles: [TrialStartedV1.type, TrialReminderSent.type, TrialReminderSkipped.type],
  async apply(event, { tx }) {
    if (event.type === TrialStartedV1.type) {
      const data = TrialStartedV1.schema.parse(event.data);
      const row = {
        trialId: data.trialId,
        startedAt: new Date(data.startedAt),
        endsAt: new Date(data.endsAt),
      };
      await tx.trial.upsert({
        where: { userId: data.userId },
        create: { userId: data.userId, ...row },
        update: row,
      });
      return;
    }
    const data = TrialReminderSent.schema.parse(event.data);
    await tx.trial.updateMany({
      where: { userId: data.userId },
      data: { reminderSentAt: new Date(event.occurredAt) },
    });
  },
  async reset({ tx }) {
    await tx.trial.deleteMany();
  },
};
