import type { ChatCategory, ChatSeverity, TicketPriority } from '@mia/contracts';
import { TICKET_TEXT_MAX_LENGTH } from '@mia/contracts';
import { loadAccountFacts } from '../customers/account-facts.js';
import { summarizeAccount } from '../customers/account-summary.js';
import { describeAccount } from '../customers/describe-account.js';
import type { Language } from '../language.js';
import type { Support } from '../support.js';
import { nextTicketNumber, openTicketIn, retryOnConflict } from '../tickets/ticket-commands.js';
import {
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

const LABELS: Record<
  Language,
  { header: string; you: string; assistant: string; steps: string; omitted: (n: number) => string }
> = {
  es: {
    header: '— Conversación con el asistente AI —',
    you: 'Cliente',
    assistant: 'Asistente',
    steps: 'Próximos pasos',
    omitted: (n) => `(${n} mensajes anteriores omitidos)`,
  },
  en: {
    header: '— Conversation with the AI assistant —',
    you: 'Customer',
    assistant: 'Assistant',
    steps: 'Next steps',
    omitted: (n) => `(${n} earlier messages left out)`,
  },
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What the ticket is about: the latest specific category of the conversation. Asking for a
 * person ("abre un ticket") is answered as `general`, but the ticket is about the payment or
 * access problem discussed before it, and staff filter by that.
 */
export function chatTicketCategory(conversation: Conversation): ChatCategory {
  const specific = conversation.turns.findLast((t) => t.answer.category !== 'general');
  return (specific ?? conversation.turns.at(-1))?.answer.category ?? 'general';
}

/** The ticket's title: the customer's first question, on one line. */
export function chatTicketTitle(conversation: Conversation): string {
  const first = oneLine(conversation.turns[0]?.question ?? '');
  return first.length > 120 ? `${first.slice(0, 119)}…` : first || 'Chat';
}

/** The ticket's description: the first question, then the whole transcript staff will read. */
export function chatTranscript(conversation: Conversation, language: Language): string {
  const l = LABELS[language];
  const time = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  const lines = [conversation.turns[0]?.question ?? '', '', l.header];
  const omitted = conversation.turnCount - conversation.turns.length;
  if (omitted > 0) lines.push(l.omitted(omitted));
  for (const turn of conversation.turns) {
    lines.push('', `[${time(turn.at)} UTC] ${l.you}: ${turn.question}`);
    lines.push(`[${time(turn.at)} UTC] ${l.assistant}: ${turn.answer.response}`);
    if (turn.answer.nextSteps.length > 0) {
      lines.push(`${l.steps}:`, ...turn.answer.nextSteps.map((s, i) => `  ${i + 1}. ${s}`));
    }
  }
  const text = lines.join('\n');
  return text.length > TICKET_TEXT_MAX_LENGTH ? text.slice(0, TICKET_TEXT_MAX_LENGTH) : text;
}

/**
 * The user agreed to open a ticket with the conversation: one ticket per conversation (the chat
 * stream records it in the same transaction as the ticket opens, so a second "yes" returns the
 * same ticket). Staff get the triage and the account summary as an internal note.
 */
export async function openChatTicket(
  support: Support,
  input: { userId: string; conversationId: string },
): Promise<{ ticketId: string; created: boolean }> {
  const streamId = chatStreamId(input.userId);
  const { state } = await support.commands.load(streamId, conversationDecider);
  const conversation = findConversation(state, input.conversationId);
  if (!conversation) throw conversationNotFound();
  if (conversation.ticket) return { ticketId: conversation.ticket.id, created: false };

  const last = conversation.turns.at(-1)!;
  const worst = conversation.turns
    .map((t) => t.answer.severity)
    .reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  const language = last.language;
  const account = summarizeAccount(
    await loadAccountFacts(support.db, input.userId),
    support.clock(),
    'es',
  );
  const category = chatTicketCategory(conversation);
  const aiNote = [
    `Triage del asistente: categoría ${category}, gravedad ${worst}, respondió ${
      last.answeredBy === 'model' ? 'el modelo' : 'el triage interno'
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
      await openTicketIn(
        support.commands,
        session,
        { ticketId, ticketNumber },
        {
          userId: input.userId,
          title: chatTicketTitle(conversation),
          description: chatTranscript(conversation, language),
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
