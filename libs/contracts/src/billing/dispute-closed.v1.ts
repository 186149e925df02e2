import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema, providerIdSchema } from '../fields.js';

/** A dispute ended: `won` restores the suspended access, `lost` revokes it. */
export const DisputeClosedV1 = defineEvent({
  type: 'DisputeClosed',
  version: 1,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    disputeId: providerIdSchema,
    outcome: z.enum(['won', 'lost']),
  }),
});
export type DisputeClosedV1Data = z.infer<typeof DisputeClosedV1.schema>;
