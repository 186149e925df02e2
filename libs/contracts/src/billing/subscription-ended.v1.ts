import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/** The subscription is over for good; access revokes the grant it gave. */
export const SubscriptionEndedV1 = defineEvent({
  type: 'SubscriptionEnded',
  version: 1,
  producer: 'billing',
  schema: z.object({
    subscriptionId: ownIdSchema,
    userId: ownIdSchema,
    endedAt: instantSchema,
    /** `canceled`: by the customer or an admin; `payment_failed`: renewals could not be charged. */
    reason: z.enum(['canceled', 'payment_failed', 'other']),
  }),
});
export type SubscriptionEndedV1Data = z.infer<typeof SubscriptionEndedV1.schema>;
