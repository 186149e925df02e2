import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema, planTypeSchema } from '../fields.js';

/** A subscription's first invoice was paid: every tool is usable until `currentPeriodEnd`. */
export const SubscriptionActivatedV1 = defineEvent({
  type: 'SubscriptionActivated',
  version: 1,
  producer: 'billing',
  schema: z.object({
    subscriptionId: ownIdSchema,
    userId: ownIdSchema,
    plan: planTypeSchema,
    currentPeriodEnd: instantSchema,
  }),
});
export type SubscriptionActivatedV1Data = z.infer<typeof SubscriptionActivatedV1.schema>;
