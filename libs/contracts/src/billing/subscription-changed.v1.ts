import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema, planTypeSchema } from '../fields.js';
import { subscriptionStatusSchema } from './subscription-status.js';

/**
 * The subscription's terms or state changed without a payment: plan switch, cancellation at
 * period end (or its undoing), a status the provider reported. Grants nothing by itself.
 */
export const SubscriptionChangedV1 = defineEvent({
  type: 'SubscriptionChanged',
  version: 1,
  producer: 'billing',
  schema: z.object({
    subscriptionId: ownIdSchema,
    userId: ownIdSchema,
    plan: planTypeSchema,
    status: subscriptionStatusSchema,
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: instantSchema,
  }),
});
export type SubscriptionChangedV1Data = z.infer<typeof SubscriptionChangedV1.schema>;
