import type { ChatAnswer } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import type { Language } from '../language.js';
import {
  ChatAnswered,
  ChatExchanged,
  ChatQuestionAsked,
  ChatTicketOpened,
  type ConversationEvent,
} from './conversation-events.js';

export interface Turn {
  /** Null for turns stored before questions were recorded on their own. */
  questionId: string | null;
  question: string;
  /** Null until the answer is recorded (or for good, when the process died meanwhile). */
  answer: ChatAnswer | null;
  answeredBy: 'model' | 'triage' | null;
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
  /** When the user's latest questions were recorded (for the hourly quota). */
  askedAt: string[];
}

export type ChatCommand =
  | {
      /** Records the question and takes one message of the hourly quota, before any answer. */
      kind: 'ask';
      conversationId: string;
      questionId: string;
      /** True for a conversation this message starts. */
      isNew: boolean;
      userId: string;
      question: string;
      language: Language;
      quotaPerHour: number;
    }
  | {
      kind: 'answer';
      conversationId: string;
      questionId: string;
      answer: ChatAnswer;
      offerTicket: boolean;
      answeredBy: 'model' | 'triage';
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

export type AnsweredTurn = Turn & { answer: ChatAnswer };

/** The turns with an answer, which are what the model sees as the conversation so far. */
export const answeredTurns = (conversation: Conversation | undefined): AnsweredTurn[] =>
  (conversation?.turns ?? []).filter((t): t is AnsweredTurn => t.answer !== null);

/** The state after a new turn in a conversation (created when new), moved to the newest. */
function withTurn(state: ChatState, userId: string, conversationId: string, turn: Turn): ChatState {
  const existing = findConversation(state, conversationId);
  const conversation: Conversation = existing
    ? {
        ...existing,
        turns: [...existing.turns, turn].slice(-KEPT_TURNS),
        turnCount: existing.turnCount + 1,
        lastAt: turn.at,
      }
    : {
        id: conversationId,
        turns: [turn],
        turnCount: 1,
        offeredTicket: false,
        ticket: null,
        lastAt: turn.at,
      };
  return {
    userId,
    conversations: [
      ...state.conversations.filter((c) => c.id !== conversationId),
      conversation,
    ].slice(-KEPT_CONVERSATIONS),
    askedAt: [...state.askedAt, turn.at].slice(-KEPT_ASKS),
  };
}

const mapConversation = (
  state: ChatState,
  id: string,
  change: (c: Conversation) => Conversation,
): ChatState => ({
  ...state,
  conversations: state.conversations.map((c) => (c.id === id ? change(c) : c)),
});

/** A user's chat with the assistant (stream per user). */
export const conversationDecider: Decider<ChatCommand, ChatState, ConversationEvent> = {
  name: 'chat',
  initialState: () => ({ userId: null, conversations: [], askedAt: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'ChatQuestionAsked': {
        const d = event.data;
        return withTurn(state, d.userId, d.conversationId, {
          questionId: d.questionId,
          question: d.question,
          answer: null,
          answeredBy: null,
          language: d.language,
          at: d.at,
        });
      }
      case 'ChatAnswered': {
        const d = event.data;
        return mapConversation(state, d.conversationId, (c) => ({
          ...c,
          turns: c.turns.map((t) =>
            t.questionId === d.questionId
              ? { ...t, answer: d.answer, answeredBy: d.answeredBy }
              : t,
          ),
          offeredTicket: c.offeredTicket || d.offerTicket,
        }));
      }
      case 'ChatExchanged': {
        const d = event.data;
        const next = withTurn(state, d.userId, d.conversationId, {
          questionId: null,
          question: d.question,
          answer: d.answer,
          answeredBy: d.answeredBy,
          language: d.language,
          at: d.at,
        });
        return mapConversation(next, d.conversationId, (c) => ({
          ...c,
          offeredTicket: c.offeredTicket || d.offerTicket,
        }));
      }
      case 'ChatTicketOpened':
        return mapConversation(state, event.data.conversationId, (c) => ({
          ...c,
          ticket: { id: event.data.ticketId, ticketNumber: event.data.ticketNumber },
        }));
    }
  },
  decide(command, state, { now }) {
    const at = now.toISOString();
    switch (command.kind) {
      case 'ask': {
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
            type: 'ChatQuestionAsked',
            data: {
              conversationId: command.conversationId,
              questionId: command.questionId,
              userId: command.userId,
              question: command.question,
              language: command.language,
              at,
            },
          },
        ];
      }
      case 'answer': {
        const turn = findConversation(state, command.conversationId)?.turns.find(
          (t) => t.questionId === command.questionId,
        );
        // Answered already (a retry), or the turn has since dropped off the kept window.
        if (!turn || turn.answer) return [];
        return [
          {
            type: 'ChatAnswered',
            data: {
              conversationId: command.conversationId,
              questionId: command.questionId,
              answer: command.answer,
              offerTicket: command.offerTicket,
              answeredBy: command.answeredBy,
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
  read: readerOf<ConversationEvent>([
    ChatQuestionAsked,
    ChatAnswered,
    ChatExchanged,
    ChatTicketOpened,
  ]),
  // Version 2: turns carry their question id and may wait for their answer.
  snapshot: { version: 2, every: 25 },
};
