import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/** A user started the free trial (once per user): every tool from `startedAt` to `endsAt`. */
export const TrialStartedV1 = defineEvent({
  type: 'TrialStarted',
  version: 1,
  producer: 'billing',
  schema: z.object({
    trialId: ownIdSchema,
    userId: ownIdSchema,
    startedAt: instantSchema,
    endsAt: instantSchema,
  }),
});
export type TrialStartedV1Data = z.infer<typeof TrialStartedV1.schema>;
