import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';
import { multiLineText } from '../text.js';
import { TICKET_TEXT_MAX_LENGTH, ticketAuthorSchema } from './ticket-fields.js';

/**
 * Someone wrote on a ticket. `internal` notes are for staff only: consumers that show or mail
 * messages to the customer must skip them.
 */
export const TicketMessagePostedV1 = defineEvent({
  type: 'TicketMessagePosted',
  version: 1,
  producer: 'support',
  schema: z.object({
    ticketId: ownIdSchema,
    messageId: ownIdSchema,
    author: ticketAuthorSchema,
    /** The writing user's id; null for the AI. */
    authorId: ownIdSchema.nullable(),
    body: multiLineText({ max: TICKET_TEXT_MAX_LENGTH }),
    internal: z.boolean(),
    postedAt: instantSchema,
  }),
});
export type TicketMessagePostedV1Data = z.infer<typeof TicketMessagePostedV1.schema>;
