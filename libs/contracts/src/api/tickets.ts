import { z } from 'zod';
import {
  TICKET_TITLE_MAX_LENGTH,
  ticketAuthorSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
} from '../support/ticket-fields.js';
import { multiLineText, singleLineText } from '../text.js';

export {
  ticketPriorities,
  ticketPrioritySchema,
  ticketStatuses,
  ticketStatusSchema,
} from '../support/ticket-fields.js';

export const TICKET_DESCRIPTION_MIN_LENGTH = 10;
export const TICKET_DESCRIPTION_MAX_LENGTH = 5000;
export const TICKET_REPLY_MAX_LENGTH = 5000;

/** One message of a ticket's conversation, as its reader may see it. */
export const ticketMessageSchema = z.object({
  id: z.string(),
  author: ticketAuthorSchema,
  /** Shown beside the message ("Soporte", the customer's name); absent for the AI. */
  authorName: z.string().optional(),
  body: z.string(),
  /** Staff-only notes; never sent to the customer. */
  internal: z.boolean().optional(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/**
 * One turn of the chat a ticket was opened from, as support recorded it. Who spoke is this
 * field, never part of the text, so nothing a customer types can read as the assistant's.
 */
export const chatTranscriptTurnSchema = z.object({
  author: z.enum(['customer', 'assistant']),
  text: z.string(),
  /** The assistant's next steps (empty for the customer's turns). */
  nextSteps: z.array(z.string()),
  at: z.string(),
});
export type ChatTranscriptTurn = z.infer<typeof chatTranscriptTurnSchema>;

/** The recorded conversation of a chat-opened ticket (only the latest turns are kept). */
export const chatTranscriptSchema = z.object({
  turns: z.array(chatTranscriptTurnSchema),
  /** Earlier turns left out. */
  omittedTurns: z.number().int().nonnegative(),
});
export type ChatTranscript = z.infer<typeof chatTranscriptSchema>;

/** A ticket as GET/POST /api/tickets answer it: the spec's fields plus optional extras. */
export const ticketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  messages: z.array(ticketMessageSchema).optional(),
  /** A chat-opened ticket's conversation (one ticket's answers only, not lists). */
  transcript: chatTranscriptSchema.optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCategorySchema = z.object({ id: z.string(), name: z.string() });
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

// POST /api/tickets (spec section 5's rules and messages)
export const createTicketRequestSchema = z.object({
  title: singleLineText({
    trim: true,
    max: TICKET_TITLE_MAX_LENGTH,
    requiredMessage: 'Title is required',
    minMessage: 'Title is required',
    maxMessage: 'Title must be less than 200 characters',
    controlMessage: 'Title must be a single line without control characters',
  }),
  description: multiLineText({
    trim: true,
    min: TICKET_DESCRIPTION_MIN_LENGTH,
    max: TICKET_DESCRIPTION_MAX_LENGTH,
    requiredMessage: 'Description must be at least 10 characters',
    minMessage: 'Description must be at least 10 characters',
    maxMessage: 'Description must be at most 5000 characters',
    controlMessage: 'Description must not contain control characters',
  }),
  categoryId: singleLineText({
    trim: true,
    max: 100,
    requiredMessage: 'Category is required',
    minMessage: 'Category is required',
  }),
  priority: ticketPrioritySchema.default('medium'),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

const replyBody = multiLineText({
  trim: true,
  max: TICKET_REPLY_MAX_LENGTH,
  requiredMessage: 'Message is required',
  minMessage: 'Message is required',
  maxMessage: 'Message must be at most 5000 characters',
  controlMessage: 'Message must not contain control characters',
});

/** The customer's reply on their own ticket (reopens it when resolved). */
export const ticketReplyRequestSchema = z.object({ body: replyBody });
export type TicketReplyRequest = z.infer<typeof ticketReplyRequestSchema>;

/** Staff (admins) answer, or leave an internal note the customer never sees. */
export const staffTicketReplyRequestSchema = z.object({
  body: replyBody,
  internal: z.boolean().default(false),
});
export type StaffTicketReplyRequest = z.infer<typeof staffTicketReplyRequestSchema>;

/** Staff move a ticket to another status; which moves are allowed is support's decision. */
export const ticketStatusChangeRequestSchema = z.object({ status: ticketStatusSchema });
export type TicketStatusChangeRequest = z.infer<typeof ticketStatusChangeRequestSchema>;
