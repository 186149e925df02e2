import type { ChatCategory, ChatReply, ChatSeverity, ChatTicketRef } from '@mia/contracts';

/** Where an offer to open a ticket stands: asked, then agreed (opening) or declined. */
export type OfferState = 'asked' | 'opening' | 'opened' | 'declined' | 'failed';

export interface UserEntry {
  id: string;
  type: 'user';
  content: string;
  timestamp: Date;
}

export interface AssistantEntry {
  id: string;
  type: 'assistant';
  timestamp: Date;
  /** Absent for the greeting, whose text follows the visitor's language. */
  content?: string;
  severity?: ChatSeverity;
  category?: ChatCategory;
  nextSteps?: string[];
  offer?: { conversationId: string; state: OfferState };
  /** The ticket this answer opened, or the user agreed to open. */
  ticket?: ChatTicketRef;
}

export type ChatEntry = UserEntry | AssistantEntry;

export interface ChatState {
  entries: ChatEntry[];
  /** The server's conversation, continued by every later message. */
  conversationId?: string;
}

export type ChatAction =
  | { type: 'sent'; id: string; content: string; at: Date }
  | { type: 'answered'; id: string; reply: ChatReply; at: Date }
  | { type: 'offer'; entryId: string; state: OfferState; ticket?: ChatTicketRef };

export const GREETING_ID = 'greeting';

export const initialChat = (at: Date): ChatState => ({
  entries: [{ id: GREETING_ID, type: 'assistant', timestamp: at }],
});

/** An unanswered offer is withdrawn once a newer one is made: one question at a time. */
const withdrawOpenOffers = (entries: ChatEntry[]): ChatEntry[] =>
  entries.map((entry) =>
    entry.type === 'assistant' && entry.offer?.state === 'asked'
      ? { ...entry, offer: undefined }
      : entry,
  );

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sent':
      return {
        ...state,
        entries: [
          ...state.entries,
          { id: action.id, type: 'user', content: action.content, timestamp: action.at },
        ],
      };
    case 'answered': {
      const { reply } = action;
      const conversationId = reply.conversationId ?? state.conversationId;
      // The user must agree before a ticket is opened, and only a known conversation can be.
      const offer =
        reply.offerTicket && !reply.ticket && conversationId
          ? { conversationId, state: 'asked' as const }
          : undefined;
      const entry: AssistantEntry = {
        id: action.id,
        type: 'assistant',
        timestamp: action.at,
        content: reply.response,
        severity: reply.severity,
        category: reply.category,
        nextSteps: reply.nextSteps,
        offer,
        ticket: reply.ticket,
      };
      const previous = offer ? withdrawOpenOffers(state.entries) : state.entries;
      return { conversationId, entries: [...previous, entry] };
    }
    case 'offer':
      return {
        ...state,
        entries: state.entries.map((entry) =>
          entry.id === action.entryId && entry.type === 'assistant' && entry.offer
            ? {
                ...entry,
                offer: { ...entry.offer, state: action.state },
                ticket: action.ticket ?? entry.ticket,
              }
            : entry,
        ),
      };
  }
}
