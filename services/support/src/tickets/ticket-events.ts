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

/** A ticket's stream: the three integration events support publishes, and its language. */
export type TicketEvent =
  | EventOf<typeof TicketOpenedV1>
  | EventOf<typeof TicketMessagePostedV1>
  | EventOf<typeof TicketStatusChangedV1>
  | EventOf<typeof TicketLanguageNoted>;

export const ticketEventDefinitions = [
  TicketOpenedV1,
  TicketMessagePostedV1,
  TicketStatusChangedV1,
  TicketLanguageNoted,
] as const;

/** One stream per ticket. */
export const ticketStreamId = (ticketId: string): string => `ticket-${ticketId}`;
