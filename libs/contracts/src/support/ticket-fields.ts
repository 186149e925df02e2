import { z } from 'zod';

export const ticketStatuses = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketPriorities = ['low', 'medium', 'high', 'critical'] as const;
export const ticketPrioritySchema = z.enum(ticketPriorities);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

/** Who wrote a ticket message: the customer, an admin, or the AI chat (its conversation). */
export const ticketAuthors = ['customer', 'staff', 'ai'] as const;
export const ticketAuthorSchema = z.enum(ticketAuthors);
export type TicketAuthor = z.infer<typeof ticketAuthorSchema>;

export const TICKET_TITLE_MAX_LENGTH = 200;
/**
 * Events accept longer texts than the browser forms do (a ticket opened from the chat carries
 * the conversation), so a form limit can change without a new event version.
 */
export const TICKET_TEXT_MAX_LENGTH = 20_000;
