import type { TicketPriority, TicketStatus } from '@mia/contracts';
import {
  isDomainError,
  type CommandHandler,
  type EventStoreSession,
  type IdGenerator,
  type Sql,
} from '@mia/service-kit';
import type { SupportTx } from '../db.js';
import type { Language } from '../language.js';
import { ticketDecider, type TicketCommand } from './ticket-decider.js';
import { ticketStreamId, type ChatTranscriptData } from './ticket-events.js';
import type { TicketLimits } from './ticket-limits.js';

export interface TicketCommandDeps {
  commands: CommandHandler<SupportTx>;
  newId: IdGenerator;
  sql: Sql;
}

/** The next readable ticket number; read before deciding so the decider stays pure. */
export async function nextTicketNumber(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>("SELECT nextval('ticket_numbers')::int AS n");
  if (!row) throw new Error('ticket_numbers returned no value');
  return Number(row.n);
}

export interface OpenTicketInput {
  userId: string;
  title: string;
  description: string;
  categoryId: string;
  priority: TicketPriority;
  language: Language;
  source?: 'web' | 'chat';
  linkedTicketId?: string | null;
  aiNote?: string | null;
  transcript?: Omit<ChatTranscriptData, 'ticketId'> | null;
}

const openCommand = (ticketId: string, ticketNumber: number, input: OpenTicketInput) =>
  ({
    kind: 'open',
    ticketId,
    ticketNumber,
    userId: input.userId,
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    priority: input.priority,
    source: input.source ?? 'web',
    linkedTicketId: input.linkedTicketId ?? null,
    language: input.language,
    aiNote: input.aiNote ?? null,
    transcript: input.transcript ?? null,
  }) satisfies TicketCommand;

/** Opens a ticket in its own transaction; answers its id. */
export async function openTicket(deps: TicketCommandDeps, input: OpenTicketInput) {
  const ticketId = deps.newId();
  const ticketNumber = await nextTicketNumber(deps.sql);
  await deps.commands.handle(
    ticketStreamId(ticketId),
    ticketDecider,
    openCommand(ticketId, ticketNumber, input),
  );
  return ticketId;
}

/**
 * Opens a ticket inside a transaction opened elsewhere (the chat records it in the same one),
 * with its id and number chosen by the caller.
 */
export async function openTicketIn(
  commands: CommandHandler<SupportTx>,
  session: EventStoreSession<SupportTx>,
  ids: { ticketId: string; ticketNumber: number },
  input: OpenTicketInput,
) {
  await commands.handleIn(
    session,
    ticketStreamId(ids.ticketId),
    ticketDecider,
    openCommand(ids.ticketId, ids.ticketNumber, input),
  );
}

const FOLLOW_UP_TITLE: Record<Language, (n: number, title: string) => string> = {
  es: (n, title) => `Seguimiento del ticket #${n}: ${title}`,
  en: (n, title) => `Follow-up to ticket #${n}: ${title}`,
};

/**
 * The customer writes on their own ticket (counted against the replies per ticket). On a closed
 * ticket (final) the message opens a new ticket linked to the old one instead, which counts as
 * a ticket too; the answer says which ticket the message landed on.
 */
export async function replyAsCustomer(
  deps: TicketCommandDeps & { limits: TicketLimits },
  input: { userId: string; ticketId: string; body: string; language: Language },
): Promise<{ ticketId: string; followUp: boolean }> {
  const streamId = ticketStreamId(input.ticketId);
  await deps.limits.countReply(input.userId, input.ticketId, input.language);
  try {
    await deps.commands.handle(streamId, ticketDecider, {
      kind: 'post-customer-message',
      userId: input.userId,
      body: input.body,
      language: input.language,
    });
    return { ticketId: input.ticketId, followUp: false };
  } catch (err) {
    if (!isDomainError(err) || err.code !== 'ticket_closed') throw err;
  }
  const { state: old } = await deps.commands.load(streamId, ticketDecider);
  await deps.limits.countNewTicket(input.userId, input.language);
  const ticketId = await openTicket(deps, {
    userId: input.userId,
    title: FOLLOW_UP_TITLE[input.language](old.ticketNumber, old.title).slice(0, 200),
    description: input.body,
    categoryId: old.categoryId,
    priority: old.priority,
    language: input.language,
    linkedTicketId: input.ticketId,
  });
  return { ticketId, followUp: true };
}

export const replyAsStaff = (
  deps: TicketCommandDeps,
  input: { staffId: string; ticketId: string; body: string; internal: boolean },
) =>
  deps.commands.handle(ticketStreamId(input.ticketId), ticketDecider, {
    kind: 'post-staff-message',
    staffId: input.staffId,
    body: input.body,
    internal: input.internal,
  });

export const changeStatus = (
  deps: TicketCommandDeps,
  input: { staffId: string; ticketId: string; status: TicketStatus },
) =>
  deps.commands.handle(ticketStreamId(input.ticketId), ticketDecider, {
    kind: 'change-status',
    staffId: input.staffId,
    status: input.status,
  });
