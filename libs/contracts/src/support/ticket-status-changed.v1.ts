import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';
import { ticketStatusSchema } from './ticket-fields.js';

/** A ticket moved from one status to another. */
export const TicketStatusChangedV1 = defineEvent({
  type: 'TicketStatusChanged',
  version: 1,
  producer: 'support',
  schema: z.object({
    ticketId: ownIdSchema,
    /** The ticket's owner (the customer), whoever made the change. */
    userId: ownIdSchema,
    from: ticketStatusSchema,
    to: ticketStatusSchema,
    /** `system`: no one chose it directly (a customer reply reopening a resolved ticket). */
    by: z.enum(['customer', 'staff', 'system']),
    changedAt: instantSchema,
  }),
});
export type TicketStatusChangedV1Data = z.infer<typeof TicketStatusChangedV1.schema>;
