import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';
import { multiLineText, singleLineText } from '../text.js';
import {
  TICKET_TEXT_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  ticketPrioritySchema,
} from './ticket-fields.js';

/** A customer opened a ticket, from the Support Center form or by agreeing in the AI chat. */
export const TicketOpenedV1 = defineEvent({
  type: 'TicketOpened',
  version: 1,
  producer: 'support',
  schema: z.object({
    ticketId: ownIdSchema,
    /** The number people quote, sequential per system. */
    ticketNumber: z.number().int().positive(),
    userId: ownIdSchema,
    title: singleLineText({ max: TICKET_TITLE_MAX_LENGTH }),
    description: multiLineText({ max: TICKET_TEXT_MAX_LENGTH }),
    categoryId: singleLineText({ max: 100 }),
    priority: ticketPrioritySchema,
    source: z.enum(['web', 'chat']),
    /** An earlier ticket this one follows up. */
    linkedTicketId: ownIdSchema.nullable(),
    openedAt: instantSchema,
  }),
});
export type TicketOpenedV1Data = z.infer<typeof TicketOpenedV1.schema>;
