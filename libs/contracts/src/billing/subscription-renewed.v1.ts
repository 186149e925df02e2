import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema, planTypeSchema } from '../fields.js';

/** A renewal invoice was paid: access extends to the new `currentPeriodEnd`. */
export const SubscriptionRenewedV1 = defineEvent({
  type: 'SubscriptionRenewed',
  version: 1,
  producer: 'billing',
  schema: z.object({
    subscriptionId: ownIdSchema,
    userId: ownIdSchema,
    plan: planTypeSchema,
    currentPeriodEnd: instantSchema,
  }),
});
export type SubscriptionRenewedV1Data = z.infer<typeof SubscriptionRenewedV1.schema>;
