import type { ChatTranscript, TicketMessage, TicketPriority, TicketStatus } from '@mia/contracts';
import type { ComponentType } from 'react';

/**
 * How a ticket's status, priority and thread look. The customer's ticket pages own that look;
 * features do not import each other, so the route hands it to the console.
 */
export interface TicketPresenters {
  StatusBadge: ComponentType<{ status: TicketStatus }>;
  PriorityBadge: ComponentType<{ priority: TicketPriority }>;
  Thread: ComponentType<{ messages: TicketMessage[] }>;
  /** A chat-opened ticket's conversation, turn by turn with each turn's author. */
  Transcript: ComponentType<{ transcript: ChatTranscript }>;
}

/** A category id's name in the visitor's language (the id itself when unknown). */
export type CategoryNames = ReadonlyMap<string, string>;
