import { TicketMessagePostedV1, TicketOpenedV1, TicketStatusChangedV1 } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

/**
 * The customer's language changed (it starts as Spanish): staff replies are mailed in it. Kept
 * in support (the integration events carry no language), in the ticket's own stream.
 */
export const TicketLanguageNoted = defineDomainEvent(
  'TicketLanguageNoted',
  z.object({ ticketId: z.uuid(), language: z.enum(['es', 'en']) }),
);

/**
 * The conversation a chat-opened ticket carries, copied from support's own record of the chat
 * (never from the request). Each turn says who spoke as data, so staff see turns, not text a
 * customer could dress up as the assistant's.
 */
export const ChatTranscriptAttached = defineDomainEvent(
  'ChatTranscriptAttached',
  z.object({
    ticketId: z.uuid(),
    conversationId: z.uuid(),
    turns: z.array(
      z.object({
        author: z.enum(['customer', 'assistant']),
        text: z.string(),
        nextSteps: z.array(z.string()),
        at: z.iso.datetime({ offset: true }),
      }),
    ),
    omittedTurns: z.number().int().nonnegative(),
  }),
);
export type ChatTranscriptData = z.infer<typeof ChatTranscriptAttached.schema>;

/** A ticket's stream: the three integration events support publishes, its language, its chat. */
export type TicketEvent =
  | EventOf<typeof TicketOpenedV1>
  | EventOf<typeof TicketMessagePostedV1>
  | EventOf<typeof TicketStatusChangedV1>
  | EventOf<typeof TicketLanguageNoted>
  | EventOf<typeof ChatTranscriptAttached>;

export const ticketEventDefinitions = [
  TicketOpenedV1,
  TicketMessagePostedV1,
  TicketStatusChangedV1,
  TicketLanguageNoted,
  ChatTranscriptAttached,
] as const;

/** One stream per ticket. */
export const ticketStreamId = (ticketId: string): string => `ticket-${ticketId}`;
