import { z } from 'zod';
import { multiLineText } from '../text.js';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** POST /api/support/chat. Shift+Enter adds new lines, so the message may span lines. */
export const chatRequestSchema = z.object({
  message: multiLineText({
    trim: true,
    max: CHAT_MESSAGE_MAX_LENGTH,
    requiredMessage: 'Message is required',
    minMessage: 'Message is required',
    maxMessage: 'Message must be at most 2000 characters',
    controlMessage: 'Message must not contain control characters',
  }),
  /** Continues an earlier conversation (from a previous reply); absent starts a new one. */
  conversationId: z.uuid().optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatSeverities = ['low', 'medium', 'high', 'critical'] as const;
export const chatSeveritySchema = z.enum(chatSeverities);
export type ChatSeverity = z.infer<typeof chatSeveritySchema>;

export const chatCategories = ['access', 'payment', 'technical', 'account', 'general'] as const;
export const chatCategorySchema = z.enum(chatCategories);
export type ChatCategory = z.infer<typeof chatCategorySchema>;

/**
 * The answer itself, exactly the spec's four fields. The model's structured output and the
 * built-in triage both produce this shape (no optional fields: structured outputs need every
 * field required).
 */
export const chatAnswerSchema = z.object({
  response: z.string(),
  severity: chatSeveritySchema,
  category: chatCategorySchema,
  nextSteps: z.array(z.string()),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** The ticket the chat opened for the user. */
export const chatTicketRefSchema = z.object({ id: z.string(), ticketNumber: z.string() });
export type ChatTicketRef = z.infer<typeof chatTicketRefSchema>;

/** The reply of POST /api/support/chat: the answer plus optional extras the spec's client ignores. */
export const chatReplySchema = chatAnswerSchema.extend({
  conversationId: z.uuid().optional(),
  /** The chat suggests opening a ticket with this conversation; the user must agree first. */
  offerTicket: z.boolean().optional(),
  ticket: chatTicketRefSchema.optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** The user agreed to open a ticket with the conversation so far. */
export const confirmOpenTicketRequestSchema = z.object({
  conversationId: z.uuid('Conversation is required'),
});
export type ConfirmOpenTicketRequest = z.infer<typeof confirmOpenTicketRequestSchema>;
