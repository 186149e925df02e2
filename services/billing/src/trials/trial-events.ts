import { TrialStartedV1, type TrialStartedV1Data } from '@mia/contracts';
import { defineDomainEvent, type DomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// `trial-<userId>`: the account's trial and its reminder. `trial-email-<hash>`: the claim of a
// normalised e-mail address, so a second account on the same address gets no second trial.

export const TrialReminderSent = defineDomainEvent(
  'TrialReminderSent',
  z.object({ trialId: z.uuid(), userId: z.uuid() }),
);

/** The reminder's turn came while the user had e-mail notifications off: none is sent, ever. */
export const TrialReminderSkipped = defineDomainEvent(
  'TrialReminderSkipped',
  z.object({ trialId: z.uuid(), userId: z.uuid() }),
);

export const TrialEmailClaimed = defineDomainEvent(
  'TrialEmailClaimed',
  z.object({ trialId: z.uuid(), userId: z.uuid() }),
);

export type TrialEvent =
  | DomainEvent<'TrialStarted', TrialStartedV1Data>
  | EventOf<typeof TrialReminderSent>
  | EventOf<typeof TrialReminderSkipped>;
export const trialEventDefinitions = [
  TrialStartedV1,
  TrialReminderSent,
  TrialReminderSkipped,
] as const;

export type TrialEmailEvent = EventOf<typeof TrialEmailClaimed>;
