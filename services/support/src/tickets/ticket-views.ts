import {
  chatTranscriptSchema,
  type ChatTranscript,
  type Ticket,
  type TicketMessage,
  type TicketPriority,
  type TicketStatus,
} from '@mia/contracts';
import type { Language } from '../language.js';
import type {
  Ticket as TicketRow,
  TicketMessage as TicketMessageRow,
} from '../generated/prisma/client.js';

/** Names to show beside messages: people by user id. */
export type NameLookup = ReadonlyMap<string, string>;

const STAFF_LABEL: Record<Language, string> = { es: 'Soporte', en: 'Support' };

/** A ticket as the browser API answers it (the spec's fields, number as a string). */
export function ticketView(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticketNumber: String(row.ticketNumber),
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    priority: row.priority as TicketPriority,
    status: row.status as TicketStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A chat-opened ticket's recorded conversation, for one ticket's answer (absent otherwise). */
export function transcriptOf(row: Pick<TicketRow, 'chatTranscript'>): {
  transcript?: ChatTranscript;
} {
  if (row.chatTranscript === null) return {};
  const parsed = chatTranscriptSchema.safeParse(row.chatTranscript);
  return parsed.success ? { transcript: parsed.data } : {};
}

/**
 * The thread as the customer sees it: internal notes are left out here, whatever the query
 * fetched, and staff sign as "Soporte".
 */
export function customerThread(
  messages: readonly TicketMessageRow[],
  names: NameLookup,
  language: Language,
): TicketMessage[] {
  return messages
    .filter((m) => !m.internal)
    .map((m) => {
      const authorName =
        m.author === 'staff'
          ? STAFF_LABEL[language]
          : m.author === 'customer' && m.authorId
            ? names.get(m.authorId)
            : undefined;
      return {
        id: m.id,
        author: m.author as TicketMessage['author'],
        ...(authorName ? { authorName } : {}),
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      };
    });
}

/** The whole thread for staff, internal notes marked, staff under their own names. */
export function staffThread(
  messages: readonly TicketMessageRow[],
  names: NameLookup,
): TicketMessage[] {
  return messages.map((m) => {
    const authorName =
      (m.authorId ? names.get(m.authorId) : undefined) ??
      (m.author === 'staff' ? STAFF_LABEL.es : undefined);
    return {
      id: m.id,
      author: m.author as TicketMessage['author'],
      ...(authorName ? { authorName } : {}),
      body: m.body,
      internal: m.internal,
      createdAt: m.createdAt.toISOString(),
    };
  });
}
