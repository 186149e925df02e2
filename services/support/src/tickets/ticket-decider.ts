import type { TicketPriority, TicketStatus } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import type { Language } from '../language.js';
import { isTicketCategory } from './categories.js';
import {
  ticketEventDefinitions,
  type ChatTranscriptData,
  type TicketEvent,
} from './ticket-events.js';
import { AUTO_CLOSE_AFTER_MS, canMove } from './ticket-transitions.js';

export type TicketCommand =
  | {
      kind: 'open';
      ticketId: string;
      /** Read from the ticket_numbers sequence before deciding. */
      ticketNumber: number;
      userId: string;
      title: string;
      description: string;
      categoryId: string;
      priority: TicketPriority;
      source: 'web' | 'chat';
      linkedTicketId: string | null;
      language: Language;
      /** A note for staff only, written by the AI (a chat ticket's triage). */
      aiNote: string | null;
      /** A chat ticket's recorded conversation. */
      transcript: Omit<ChatTranscriptData, 'ticketId'> | null;
    }
  | { kind: 'post-customer-message'; userId: string; body: string; language: Language }
  | { kind: 'post-staff-message'; staffId: string; body: string; internal: boolean }
  | { kind: 'change-status'; staffId: string; status: TicketStatus }
  | { kind: 'auto-close' };

export interface TicketState {
  ticketId: string | null;
  ticketNumber: number;
  userId: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  title: string;
  categoryId: string;
  language: Language;
  resolvedAt: string | null;
  /** The last message the customer can see: the 7 quiet days count from it. */
  lastPublicMessageAt: string | null;
}

const notFound = () => new DomainError('not_found', 'ticket_not_found', 'Ticket not found');
const closed = () =>
  new DomainError(
    'conflict',
    'ticket_closed',
    'This ticket is closed and cannot change any more; write a new message to open a follow-up ticket.',
  );

/**
 * A support ticket (one stream per ticket). Statuses move only as TICKET_TRANSITIONS allows; a
 * customer reply reopens a resolved ticket; closed is final; a resolved ticket with 7 days of
 * quiet closes itself once. Internal notes are messages with `internal: true`.
 */
export const ticketDecider: Decider<TicketCommand, TicketState, TicketEvent> = {
  name: 'ticket',
  initialState: () => ({
    ticketId: null,
    ticketNumber: 0,
    userId: null,
    status: 'open',
    priority: 'medium',
    title: '',
    categoryId: '',
    language: 'es',
    resolvedAt: null,
    lastPublicMessageAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'TicketOpened':
        return {
          ...state,
          ticketId: event.data.ticketId,
          ticketNumber: event.data.ticketNumber,
          userId: event.data.userId,
          status: 'open',
          priority: event.data.priority,
          title: event.data.title,
          categoryId: event.data.categoryId,
        };
      case 'TicketMessagePosted':
        return event.data.internal ? state : { ...state, lastPublicMessageAt: event.data.postedAt };
      case 'TicketStatusChanged':
        return {
          ...state,
          status: event.data.to,
          resolvedAt: event.data.to === 'resolved' ? event.data.changedAt : state.resolvedAt,
        };
      case 'TicketLanguageNoted':
        return { ...state, language: event.data.language };
      case 'ChatTranscriptAttached':
        return state;
    }
  },
  decide(command, state, { now, newId }) {
    const at = now.toISOString();
    if (command.kind === 'open') {
      if (state.ticketId) return [];
      if (!isTicketCategory(command.categoryId)) {
        throw new DomainError('invalid', 'unknown_category', 'Category is required');
      }
      const events: TicketEvent[] = [
        {
          type: 'TicketOpened',
          data: {
            ticketId: command.ticketId,
            ticketNumber: command.ticketNumber,
            userId: command.userId,
            title: command.title,
            description: command.description,
            categoryId: command.categoryId,
            priority: command.priority,
            source: command.source,
            linkedTicketId: command.linkedTicketId,
            openedAt: at,
          },
        },
      ];
      if (command.language !== state.language) {
        events.push({
          type: 'TicketLanguageNoted',
          data: { ticketId: command.ticketId, language: command.language },
        });
      }
      if (command.transcript) {
        events.push({
          type: 'ChatTranscriptAttached',
          data: { ticketId: command.ticketId, ...command.transcript },
        });
      }
      if (command.aiNote) {
        events.push(posted(command.ticketId, newId(), 'ai', null, command.aiNote, true, at));
      }
      return events;
    }

    const ticketId = state.ticketId;
    if (!ticketId || !state.userId) throw notFound();
    switch (command.kind) {
      case 'post-customer-message': {
        // Someone else's ticket does not exist for this caller.
        if (command.userId !== state.userId) throw notFound();
        if (state.status === 'closed') throw closed();
        const events: TicketEvent[] = [
          posted(ticketId, newId(), 'customer', command.userId, command.body, false, at),
        ];
        if (state.status === 'resolved' && canMove('resolved', 'open', 'customer_reply')) {
          events.push(statusChanged(state, 'open', 'system', at));
        }
        if (command.language !== state.language) {
          events.push({
            type: 'TicketLanguageNoted',
            data: { ticketId, language: command.language },
          });
        }
        return events;
      }
      case 'post-staff-message':
        // Staff may still annotate a closed ticket, but not write to the customer on it.
        if (state.status === 'closed' && !command.internal) throw closed();
        return [
          posted(ticketId, newId(), 'staff', command.staffId, command.body, command.internal, at),
        ];
      case 'change-status': {
        if (command.status === state.status) return [];
        if (state.status === 'closed') throw closed();
        if (!canMove(state.status, command.status, 'staff')) {
          throw new DomainError(
            'conflict',
            'transition_not_allowed',
            `A ticket cannot move from ${state.status} to ${command.status}.`,
            { from: state.status, to: command.status },
          );
        }
        return [statusChanged(state, command.status, 'staff', at)];
      }
      case 'auto-close': {
        if (state.status === 'closed') return [];
        if (state.status !== 'resolved' || !state.resolvedAt) {
          throw new DomainError(
            'conflict',
            'not_resolved',
            'Only a resolved ticket closes by itself.',
          );
        }
        const lastWord = [state.resolvedAt, state.lastPublicMessageAt]
          .filter((t): t is string => t !== null)
          .reduce((a, b) => (a > b ? a : b));
        if (now.getTime() - Date.parse(lastWord) < AUTO_CLOSE_AFTER_MS) {
          throw new DomainError(
            'conflict',
            lastWord === state.resolvedAt ? 'not_due' : 'replied_since_resolved',
            'The ticket has not been quiet for 7 days since it was resolved.',
          );
        }
        return [statusChanged(state, 'closed', 'system', at)];
      }
    }
  },
  read: readerOf<TicketEvent>(ticketEventDefinitions),
};

function posted(
  ticketId: string,
  messageId: string,
  author: 'customer' | 'staff' | 'ai',
  authorId: string | null,
  body: string,
  internal: boolean,
  postedAt: string,
): TicketEvent {
  return {
    type: 'TicketMessagePosted',
    data: { ticketId, messageId, author, authorId, body, internal, postedAt },
  };
}

function statusChanged(
  state: TicketState,
  to: TicketStatus,
  by: 'customer' | 'staff' | 'system',
  changedAt: string,
): TicketEvent {
  return {
    type: 'TicketStatusChanged',
    data: {
      ticketId: state.ticketId!,
      userId: state.userId!,
      from: state.status,
      to,
      by,
      changedAt,
    },
  };
}
