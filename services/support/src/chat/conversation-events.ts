import { chatCategorySchema, chatSeveritySchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// A user's chat with the support assistant, kept in support's own store (never published):
// the last turns feed the next prompt, the transcript goes into a ticket, and the times of the
// user's questions enforce the hourly quota.

const answerSchema = z.object({
  response: z.string(),
  severity: chatSeveritySchema,
  category: chatCategorySchema,
  nextSteps: z.array(z.string()),
});

/**
 * The user asked; recorded before the model is called, so this is what the hourly quota counts
 * (the model is never asked for a question the quota refused).
 */
export const ChatQuestionAsked = defineDomainEvent(
  'ChatQuestionAsked',
  z.object({
    conversationId: z.uuid(),
    questionId: z.uuid(),
    userId: z.uuid(),
    question: z.string(),
    language: z.enum(['es', 'en']),
    at: z.iso.datetime({ offset: true }),
  }),
);

/** The answer to one recorded question. */
export const ChatAnswered = defineDomainEvent(
  'ChatAnswered',
  z.object({
    conversationId: z.uuid(),
    questionId: z.uuid(),
    answer: answerSchema,
    offerTicket: z.boolean(),
    /** `model`: the configured model answered; `triage`: the built-in rules did. */
    answeredBy: z.enum(['model', 'triage']),
    at: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A question and its answer in one event, as stored before questions were recorded ahead of the
 * model. Still read (old streams hold it); no longer written.
 */
export const ChatExchanged = defineDomainEvent(
  'ChatExchanged',
  z.object({
    conversationId: z.uuid(),
    userId: z.uuid(),
    question: z.string(),
    answer: answerSchema,
    offerTicket: z.boolean(),
    answeredBy: z.enum(['model', 'triage']),
    language: z.enum(['es', 'en']),
    at: z.iso.datetime({ offset: true }),
  }),
);

export const ChatTicketOpened = defineDomainEvent(
  'ChatTicketOpened',
  z.object({
    conversationId: z.uuid(),
    ticketId: z.uuid(),
    ticketNumber: z.number().int().positive(),
    at: z.iso.datetime({ offset: true }),
  }),
);

export type ConversationEvent =
  | EventOf<typeof ChatQuestionAsked>
  | EventOf<typeof ChatAnswered>
  | EventOf<typeof ChatExchanged>
  | EventOf<typeof ChatTicketOpened>;

/** One stream per user: their conversations, and the quota counted across all of them. */
export const chatStreamId = (userId: string): string => `chat-${userId}`;
