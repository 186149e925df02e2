import type { ChatCategory, ChatSeverity, TicketPriority } from '@mia/contracts';
import { TICKET_TEXT_MAX_LENGTH } from '@mia/contracts';
import { loadAccountFacts } from '../customers/account-facts.js';
import { summarizeAccount } from '../customers/account-summary.js';
import { describeAccount } from '../customers/describe-account.js';
import type { Language } from '../language.js';
import type { Support } from '../support.js';
import { retryOnConflict } from '../retry-on-conflict.js';
import { nextTicketNumber, openTicketIn } from '../tickets/ticket-commands.js';
import { type ChatTranscriptData } from '../tickets/ticket-events.js';
import {
  answeredTurns,
  conversationDecider,
  conversationNotFound,
  findConversation,
  type Conversation,
} from './conversation-decider.js';
import { chatStreamId } from './conversation-events.js';

const CATEGORY_OF: Record<ChatCategory, string> = {
  access: 'access',
  payment: 'payment',
  technical: 'technical',
  account: 'account',
  general: 'other',
};
const RANK: Record<ChatSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What the ticket is about: the latest specific category of the conversation. Asking for a
 * person ("abre un ticket") is answered as `general`, but the ticket is about the payment or
 * access problem discussed before it, and staff filter by that.
 */
export function chatTicketCategory(conversation: Conversation): ChatCategory {
  const answered = answeredTurns(conversation);
  const specific = answered.findLast((t) => t.answer.category !== 'general');
  return (specific ?? answered.at(-1))?.answer.category ?? 'general';
}

/** The ticket's title: the customer's first question, on one line. */
export function chatTicketTitle(conversation: Conversation): string {
  const first = oneLine(conversation.turns[0]?.question ?? '');
  return first.length > 120 ? `${first.slice(0, 119)}…` : first || 'Chat';
}

/**
 * The conversation as the ticket carries it: support's own record of the chat, one item per
 * turn with its author as a field. Nothing the request sends goes in, and a customer's text
 * stays the customer's however it is written.
 */
export function chatTranscript(conversation: Conversation): Omit<ChatTranscriptData, 'ticketId'> {
  const turns: ChatTranscriptData['turns'] = [];
  for (const turn of conversation.turns) {
    turns.push({ author: 'customer', text: turn.question, nextSteps: [], at: turn.at });
    if (turn.answer) {
      turns.push({
        author: 'assistant',
        text: turn.answer.response,
        nextSteps: turn.answer.nextSteps,
        at: turn.at,
      });
    }
  }
  return {
    conversationId: conversation.id,
    turns,
    omittedTurns: conversation.turnCount - conversation.turns.length,
  };
}

/** The ticket's description: the customer's first question, as they wrote it. */
export function chatTicketDescription(conversation: Conversation): string {
  const first = conversation.turns[0]?.question ?? '';
  return first.length > TICKET_TEXT_MAX_LENGTH ? first.slice(0, TICKET_TEXT_MAX_LENGTH) : first;
}

/**
 * The user agreed to open a ticket with the conversation: one ticket per conversation (the chat
 * stream records it in the same transaction as the ticket opens, so a second "yes" returns the
 * same ticket). Staff get the triage and the account summary as an internal note.
 */
export async function openChatTicket(
  support: Support,
  input: { userId: string; conversationId: string; language: Language },
): Promise<{ ticketId: string; created: boolean }> {
  const streamId = chatStreamId(input.userId);
  const { state } = await support.commands.load(streamId, conversationDecider);
  const conversation = findConversation(state, input.conversationId);
  if (!conversation) throw conversationNotFound();
  if (conversation.ticket) return { ticketId: conversation.ticket.id, created: false };
  await support.limits.countNewTicket(input.userId, input.language);

  const last = conversation.turns.at(-1)!;
  const worst = answeredTurns(conversation)
    .map((t) => t.answer.severity)
    .reduce<ChatSeverity>((a, b) => (RANK[b] > RANK[a] ? b : a), 'low');
  const language = last.language;
  const account = summarizeAccount(
    await loadAccountFacts(support.db, input.userId),
    support.clock(),
    'es',
  );
  const category = chatTicketCategory(conversation);
  const aiNote = [
    `Triage del asistente: categoría ${category}, gravedad ${worst}, respondió ${
      answeredTurns(conversation).at(-1)?.answeredBy === 'model' ? 'el modelo' : 'el triage interno'
    }.`,
    '',
    'Cuenta del cliente al abrir el ticket:',
    describeAccount(account, 'es'),
  ].join('\n');

  return retryOnConflict(() =>
    support.events.transaction(async (session) => {
      const ticketNumber = await nextTicketNumber(session.sql);
      const ticketId = support.newId();
      const recorded = await support.commands.handleIn(session, streamId, conversationDecider, {
        kind: 'record-ticket',
        conversationId: input.conversationId,
        ticketId,
        ticketNumber,
      });
      if (recorded.decided.length === 0) {
        const existing = findConversation(recorded.state, input.conversationId)!.ticket!;
        return { ticketId: existing.id, created: false };
      }
      // The conversation as recorded at the moment the ticket is, in this transaction.
      const asRecorded = findConversation(recorded.before, input.conversationId)!;
      await openTicketIn(
        support.commands,
        session,
        { ticketId, ticketNumber },
        {
          userId: input.userId,
          title: chatTicketTitle(asRecorded),
          description: chatTicketDescription(asRecorded),
          transcript: chatTranscript(asRecorded),
          categoryId: CATEGORY_OF[category],
          priority: worst as TicketPriority,
          language,
          source: 'chat',
          aiNote,
        },
      );
      return { ticketId, created: true };
    }),
  );
}
