import { centsToAmountString } from '@mia/catalog';
import type { Ticket, TicketMessage, TicketPriority, TicketStatus } from '@mia/contracts';
import {
  paymentStatus,
  scopeName,
  summarizeAccount,
  type AccountSummary,
  type PaymentStatus,
} from '../customers/account-summary.js';
import { toolNames } from '../catalog/catalog.js';
import { loadAccountFacts } from '../customers/account-facts.js';
import type { SupportDb } from '../db.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Language } from '../language.js';
import { isUuid } from './ticket-queries.js';
import { staffMovesFrom } from './ticket-transitions.js';
import { staffThread, ticketView, transcriptOf } from './ticket-views.js';

export interface StaffTicketFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
  categoryId?: string;
  /** Words of the title or description, the ticket number, or the customer's name or e-mail. */
  q?: string;
  limit: number;
  offset: number;
}

export interface CustomerRef {
  id: string;
  name: string | null;
  email: string | null;
}

export type StaffTicket = Ticket & {
  source: string;
  linkedTicketId: string | null;
  language: string;
  customer: CustomerRef;
};

export interface StaffTicketList {
  tickets: StaffTicket[];
  total: number;
}

type TicketRow = Prisma.TicketGetPayload<object>;

async function customersById(db: SupportDb, ids: readonly string[]) {
  const rows = await db.customer.findMany({ where: { userId: { in: [...new Set(ids)] } } });
  return new Map(rows.map((c) => [c.userId, c]));
}

function staffTicket(row: TicketRow, customers: Awaited<ReturnType<typeof customersById>>) {
  const customer = customers.get(row.userId);
  return {
    ...ticketView(row),
    source: row.source,
    linkedTicketId: row.linkedTicketId,
    language: row.language,
    customer: { id: row.userId, name: customer?.name ?? null, email: customer?.email ?? null },
  } satisfies StaffTicket;
}

/** Every ticket, filtered, most recently active first (GET /api/support/staff/tickets). */
export async function listStaffTickets(
  db: SupportDb,
  filters: StaffTicketFilters,
): Promise<StaffTicketList> {
  const where: Prisma.TicketWhereInput = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
  };
  const q = filters.q?.trim();
  if (q) {
    const matchingCustomers = await db.customer.findMany({
      where: {
        OR: [
          { email: { contains: q, mode: 'insensitive' } },
          { name: { contains: q, mode: 'insensitive' } },
        ],
      },
      select: { userId: true },
      take: 500,
    });
    const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
    where.OR = [
      { title: { contains: q, mode: 'insensitive' } },
      { description: { contains: q, mode: 'insensitive' } },
      ...(number !== undefined ? [{ ticketNumber: number }] : []),
      ...(matchingCustomers.length > 0
        ? [{ userId: { in: matchingCustomers.map((c) => c.userId) } }]
        : []),
    ];
  }
  const [rows, total] = await Promise.all([
    db.ticket.findMany({
      where,
      orderBy: [{ updatedAt: 'desc' }, { ticketNumber: 'desc' }],
      take: filters.limit,
      skip: filters.offset,
    }),
    db.ticket.count({ where }),
  ]);
  const customers = await customersById(
    db,
    rows.map((r) => r.userId),
  );
  return { tickets: rows.map((r) => staffTicket(r, customers)), total };
}

export interface StaffGrant {
  grantId: string;
  scope: string | null;
  name: string | null;
  source: { kind: string | null; ref: string | null };
  validFrom: string | null;
  validUntil: string | null;
  state: string;
  revokeReason: string | null;
}

export interface StaffPayment {
  paymentId: string;
  description: string | null;
  amount: string | null;
  currency: string | null;
  status: PaymentStatus;
  paidAt: string | null;
  failedAt: string | null;
  failure: { code: string | null; message: string | null } | null;
  refunded: string | null;
  refundedAt: string | null;
  dispute: string | null;
}

export interface StaffTicketDetail {
  ticket: StaffTicket & { messages: TicketMessage[] };
  /** The statuses staff may move this ticket to now. */
  allowedStatuses: TicketStatus[];
  customer: (CustomerRef & { registeredAt: string | null }) | null;
  account: {
    summary: AccountSummary;
    grants: StaffGrant[];
    payments: StaffPayment[];
  };
  pastTickets: Pick<
    Ticket,
    'id' | 'ticketNumber' | 'title' | 'status' | 'priority' | 'createdAt'
  >[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * One ticket with everything staff need beside it: the whole thread (internal notes too), the
 * customer's access with its sources, recent payments with failures and refunds, and their
 * other tickets. Undefined when there is no such ticket.
 */
export async function staffTicketDetail(
  db: SupportDb,
  ticketId: string,
  now: Date,
  language: Language,
): Promise<StaffTicketDetail | undefined> {
  if (!isUuid(ticketId)) return undefined;
  const row = await db.ticket.findUnique({
    where: { id: ticketId },
    include: { messages: { orderBy: { createdAt: 'asc' } } },
  });
  if (!row) return undefined;
  const authors = row.messages.map((m) => m.authorId).filter((id): id is string => id !== null);
  const [customers, facts, past] = await Promise.all([
    customersById(db, [row.userId, ...authors]),
    loadAccountFacts(db, row.userId),
    db.ticket.findMany({
      where: { userId: row.userId, id: { not: row.id } },
      orderBy: { createdAt: 'desc' },
      take: 20,
    }),
  ]);
  const names = new Map([...customers].map(([id, c]) => [id, c.name]));
  const tools = toolNames(facts.tools ?? []);
  const customer = customers.get(row.userId);
  return {
    ticket: {
      ...staffTicket(row, customers),
      ...transcriptOf(row),
      messages: staffThread(row.messages, names),
    },
    allowedStatuses: staffMovesFrom(row.status as TicketStatus),
    customer: customer
      ? {
          id: customer.userId,
          name: customer.name,
          email: customer.email,
          registeredAt: customer.registeredAt.toISOString(),
        }
      : null,
    account: {
      summary: summarizeAccount(facts, now, language),
      grants: facts.grants.map((g) => ({
        grantId: g.grantId,
        scope: g.scope,
        name: g.scope ? scopeName(g.scope, language, tools) : null,
        source: { kind: g.sourceKind, ref: g.sourceRef },
        validFrom: iso(g.validFrom),
        validUntil: iso(g.validUntil),
        state: g.state,
        revokeReason: g.revokeReason,
      })),
      payments: [...facts.payments]
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
        .slice(0, 20)
        .map((p) => ({
          paymentId: p.paymentId,
          description:
            p.description ?? (p.productId ? scopeName(p.productId, language, tools) : p.plan),
          amount: p.amountCents === null ? null : centsToAmountString(p.amountCents),
          currency: p.currency?.toUpperCase() ?? null,
          status: paymentStatus(p),
          paidAt: iso(p.paidAt),
          failedAt: iso(p.failedAt),
          failure: p.failedAt ? { code: p.failureCode, message: p.failureMessage } : null,
          refunded: p.refundedCents > 0 ? centsToAmountString(p.refundedCents) : null,
          refundedAt: iso(p.refundedAt),
          dispute: p.disputeStatus,
        })),
    },
    pastTickets: past.map((t) => {
      const view = ticketView(t);
      return {
        id: view.id,
        ticketNumber: view.ticketNumber,
        title: view.title,
        status: view.status,
        priority: view.priority,
        createdAt: view.createdAt,
      };
    }),
  };
}
