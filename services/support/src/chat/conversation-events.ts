import { chatCategorySchema, chatSeveritySchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// A user's chat with the support assistant, kept in support's own store (never published):
// the last turns feed the next prompt, the transcript goes into a ticket, and the times of the
// user's messages enforce the hourly quota.

export const ChatExchanged = defineDomainEvent(
  'ChatExchanged',
  z.object({
    conversationId: z.uuid(),
    userId: z.uuid(),
    question: z.string(),
    answer: z.object({
      response: z.string(),
      severity: chatSeveritySchema,
      category: chatCategorySchema,
      nextSteps: z.array(z.string()),
    }),
    offerTicket: z.boolean(),
    /** `model`: the configured model answered; `triage`: the built-in rules did. */
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

export type ConversationEvent = EventOf<typeof ChatExchanged> | EventOf<typeof ChatTicketOpened>;

/** One stream per user: their conversations, and the quota counted across all of them. */
export const chatStreamId = (userId: string): string => `chat-${userId}`;
