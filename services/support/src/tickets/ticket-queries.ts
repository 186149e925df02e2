import type { Ticket } from '@mia/contracts';
import type { SupportDb } from '../db.js';
import type { Language } from '../language.js';
import { customerThread, ticketView, transcriptOf } from './ticket-views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The caller's own tickets, newest first (spec: GET /api/tickets). */
export async function listOwnTickets(db: SupportDb, userId: string): Promise<Ticket[]> {
  const rows = await db.ticket.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
  return rows.map(ticketView);
}

/**
 * One of the caller's own tickets with the thread they may see; undefined for anyone else's,
 * so a guessed id answers the same 404 as a missing one.
 */
export async function findOwnTicket(
  db: SupportDb,
  userId: string,
  ticketId: string,
  language: Language,
): Promise<Ticket | undefined> {
  if (!isUuid(ticketId)) return undefined;
  const row = await db.ticket.findFirst({
    where: { id: ticketId, userId },
    include: { messages: { where: { internal: false }, orderBy: { createdAt: 'asc' } } },
  });
  if (!row) return undefined;
  const customer = await db.customer.findUnique({ where: { userId } });
  const names = new Map(customer ? [[customer.userId, customer.name]] : []);
  return {
    ...ticketView(row),
    ...transcriptOf(row),
    messages: customerThread(row.messages, names, language),
  };
}
