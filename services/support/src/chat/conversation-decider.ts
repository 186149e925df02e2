import type { ChatAnswer } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import type { Language } from '../language.js';
import { ChatExchanged, ChatTicketOpened, type ConversationEvent } from './conversation-events.js';

export interface Turn {
  question: string;
  answer: ChatAnswer;
  answeredBy: 'model' | 'triage';
  language: Language;
  at: string;
}

export interface Conversation {
  id: string;
  /** The latest turns (older ones drop off; `turnCount` says how many there were). */
  turns: Turn[];
  turnCount: number;
  offeredTicket: boolean;
  ticket: { id: string; ticketNumber: number } | null;
  lastAt: string;
}

export interface ChatState {
  userId: string | null;
  /** The user's latest conversations, newest last. */
  conversations: Conversation[];
  /** When the user's latest messages were answered (for the hourly quota). */
  askedAt: string[];
}

export type ChatCommand =
  | {
      kind: 'exchange';
      conversationId: string;
      /** True for a conversation this message starts. */
      isNew: boolean;
      userId: string;
      question: string;
      answer: ChatAnswer;
      offerTicket: boolean;
      answeredBy: 'model' | 'triage';
      language: Language;
      quotaPerHour: number;
    }
  | { kind: 'record-ticket'; conversationId: string; ticketId: string; ticketNumber: number };

export const KEPT_TURNS = 20;
export const KEPT_CONVERSATIONS = 5;
const KEPT_ASKS = 500;
const HOUR_MS = 60 * 60 * 1000;

export const conversationNotFound = () =>
  new DomainError('not_found', 'conversation_not_found', 'Conversation not found');

/**
 * How the hourly quota stands at `now`: allowed, or how many seconds until the oldest message
 * of the last hour leaves the window.
 */
export function quotaAt(
  state: ChatState,
  now: Date,
  perHour: number,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const windowStart = now.getTime() - HOUR_MS;
  const inWindow = state.askedAt.map(Date.parse).filter((t) => t > windowStart);
  if (inWindow.length < perHour) return { allowed: true };
  const oldestThatCounts = inWindow.sort((a, b) => b - a)[perHour - 1]!;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((oldestThatCounts + HOUR_MS - now.getTime()) / 1000)),
  };
}

export const findConversation = (state: ChatState, id: string) =>
  state.conversations.find((c) => c.id === id);

/** A user's chat with the assistant (stream per user). */
export const conversationDecider: Decider<ChatCommand, ChatState, ConversationEvent> = {
  name: 'chat',
  initialState: () => ({ userId: null, conversations: [], askedAt: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'ChatExchanged': {
        const d = event.data;
        const turn: Turn = {
          question: d.question,
          answer: d.answer,
          answeredBy: d.answeredBy,
          language: d.language,
          at: d.at,
        };
        const existing = findConversation(state, d.conversationId);
        const conversation: Conversation = existing
          ? {
              ...existing,
              turns: [...existing.turns, turn].slice(-KEPT_TURNS),
              turnCount: existing.turnCount + 1,
              offeredTicket: existing.offeredTicket || d.offerTicket,
              lastAt: d.at,
            }
          : {
              id: d.conversationId,
              turns: [turn],
              turnCount: 1,
              offeredTicket: d.offerTicket,
              ticket: null,
              lastAt: d.at,
            };
        return {
          userId: d.userId,
          conversations: [
            ...state.conversations.filter((c) => c.id !== d.conversationId),
            conversation,
          ].slice(-KEPT_CONVERSATIONS),
          askedAt: [...state.askedAt, d.at].slice(-KEPT_ASKS),
        };
      }
      case 'ChatTicketOpened':
        return {
          ...state,
          conversations: state.conversations.map((c) =>
            c.id === event.data.conversationId
              ? { ...c, ticket: { id: event.data.ticketId, ticketNumber: event.data.ticketNumber } }
              : c,
          ),
        };
    }
  },
  decide(command, state, { now }) {
    const at = now.toISOString();
    switch (command.kind) {
      case 'exchange': {
        if (state.userId !== null && state.userId !== command.userId) throw conversationNotFound();
        if (!command.isNew && !findConversation(state, command.conversationId)) {
          throw conversationNotFound();
        }
        const quota = quotaAt(state, now, command.quotaPerHour);
        if (!quota.allowed) {
          throw new DomainError('too_many', 'chat_quota', 'Too many chat messages this hour', {
            retryAfterSeconds: quota.retryAfterSeconds,
          });
        }
        return [
          {
            type: 'ChatExchanged',
            data: {
              conversationId: command.conversationId,
              userId: command.userId,
              question: command.question,
              answer: command.answer,
              offerTicket: command.offerTicket,
              answeredBy: command.answeredBy,
              language: command.language,
              at,
            },
          },
        ];
      }
      case 'record-ticket': {
        const conversation = findConversation(state, command.conversationId);
        if (!conversation) throw conversationNotFound();
        // One ticket per conversation: a second "yes" (double click, retry) opens nothing.
        if (conversation.ticket) return [];
        return [
          {
            type: 'ChatTicketOpened',
            data: {
              conversationId: command.conversationId,
              ticketId: command.ticketId,
              ticketNumber: command.ticketNumber,
              at,
            },
          },
        ];
      }
    }
  },
  read: readerOf<ConversationEvent>([ChatExchanged, ChatTicketOpened]),
  snapshot: { version: 1, every: 25 },
};
