import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import {
  apiErrorSchema,
  chatReplySchema,
  chatRequestSchema,
  confirmOpenTicketRequestSchema,
  createTicketRequestSchema,
  staffTicketReplyRequestSchema,
  ticketCategorySchema,
  ticketReplyRequestSchema,
  ticketSchema,
  ticketStatusChangeRequestSchema,
  type ChatReply,
  type Ticket,
  type TicketMessage,
  type User,
  staffTicketDetailResponseSchema,
  staffTicketListResponseSchema,
  ticketStatuses,
  type ChatTranscriptTurn,
} from '@mia/contracts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
  validate,
} from '@mia/service-kit';
import { z } from 'zod';
import { categoriesIn } from '../../../services/support/src/tickets/categories.js';
import { canMove } from '../../../services/support/src/tickets/ticket-transitions.js';
import { type StaffGrant, type StaffPayment } from '@/features/staff/api/staff-schemas';
import type { FakeIdentity } from './fake-identity';

interface StoredTicket extends Omit<Ticket, 'messages'> {
  userId: string;
  messages: TicketMessage[];
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Conversation {
  userId: string;
  /** As support records the chat: each turn's author is a field, never part of the text. */
  turns: ChatTranscriptTurn[];
}

/** What a test scripts for the next chat message: an answer, or a failure with its body. */
export type ScriptedChat = ChatReply | { status: number; body: unknown };

/** The fake answered something the contracts do not describe: a test-support bug, not a 500. */
class ContractBreach extends Error {
  override readonly name = 'ContractBreach';
}

function answer<S extends z.ZodType>(status: number, schema: S, body: z.input<S>): Answer {
  const parsed = schema.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, body)) {
    throw new ContractBreach(
      `fake support answered ${status} ${JSON.stringify(body)}, which its contract does not describe`,
    );
  }
  return { status, body };
}

const request = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> =>
  validate(schema, body, { subject: 'Request body' });

const QUOTA_MESSAGE = 'Has enviado demasiados mensajes. Inténtalo de nuevo en una hora.';

/** A small triage in the spirit of support's built-in one, enough to drive the chat page. */
function triage(message: string): ChatReply {
  const text = message.toLowerCase();
  if (/pago|cobr|tarjeta|payment/.test(text)) {
    return {
      response: 'Veo un pago fallido en tu cuenta: tu banco rechazó la tarjeta.',
      severity: 'high',
      category: 'payment',
      nextSteps: ['Revisa los datos de tu tarjeta', 'Vuelve a intentar el pago desde el Dashboard'],
      offerTicket: true,
    };
  }
  if (/acceso|usar gpt|access/.test(text)) {
    return {
      response: 'Tu acceso está activo. Abre la herramienta desde el Dashboard con «Usar».',
      severity: 'medium',
      category: 'access',
      nextSteps: ['Abre el Dashboard', 'Pulsa «Usar» en la herramienta'],
    };
  }
  return {
    response: 'Con gusto te ayudo. ¿Puedes contarme un poco más?',
    severity: 'low',
    category: 'general',
    nextSteps: [],
  };
}

/**
 * A stand-in for support's browser API (tickets, the AI chat and the staff console), so the
 * support pages can be driven in the browser while the service is being built. It reads the
 * signed-in user from the fake identity's sessions, uses support's own categories and
 * transition rules, and checks every answer against the contracts.
 */
export class FakeSupport {
  readonly tickets: StoredTicket[] = [];
  /** Every API call support received, as 'METHOD /path?query'. */
  readonly calls: string[] = [];
  /** Answers of the next chat messages, in order; the triage answers when empty. */
  readonly chatScript: ScriptedChat[] = [];
  readonly conversations = new Map<string, Conversation>();
  readonly contractBreaches: Error[] = [];
  /** The customer context staff see, by user id. */
  readonly context = new Map<string, { access: StaffGrant[]; payments: StaffPayment[] }>();
  /** Chat messages a user may send before 429 (support's per-user quota). */
  chatQuota = Number.POSITIVE_INFINITY;
  failTickets = false;
  failCreate = false;
  private readonly sent = new Map<string, number>();
  private readonly gates: Record<'chat' | 'create', Promise<void> | null> = {
    chat: null,
    create: null,
  };
  private counter = 0;

  constructor(private readonly identity: FakeIdentity) {}

  /** Holds the next chat answer or ticket creation until `release()`, to see the waiting state. */
  hold(kind: 'chat' | 'create'): () => void {
    let release!: () => void;
    this.gates[kind] = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.gates[kind] = null;
      release();
    };
  }

  addTicket(
    user: User,
    fields: Partial<Omit<StoredTicket, 'userId'>> & { title: string },
  ): StoredTicket {
    const now = new Date().toISOString();
    const ticket: StoredTicket = {
      id: randomUUID(),
      ticketNumber: String(1001 + this.tickets.length),
      description: 'No puedo abrir la herramienta que compré ayer.',
      categoryId: 'access',
      priority: 'medium',
      status: 'open',
      createdAt: now,
      updatedAt: now,
      messages: [],
      ...fields,
      userId: user.id,
    };
    this.tickets.push(ticket);
    return ticket;
  }

  message(author: TicketMessage['author'], body: string, extra: Partial<TicketMessage> = {}) {
    return {
      id: randomUUID(),
      author,
      body,
      createdAt: new Date().toISOString(),
      ...extra,
    } satisfies TicketMessage;
  }

  assertContractsKept(): void {
    const [breach] = this.contractBreaches;
    if (breach) throw breach;
  }

  reset(): void {
    this.tickets.length = 0;
    this.calls.length = 0;
    this.chatScript.length = 0;
    this.conversations.clear();
    this.contractBreaches.length = 0;
    this.context.clear();
    this.sent.clear();
    this.chatQuota = Number.POSITIVE_INFINITY;
    this.failTickets = false;
    this.failCreate = false;
    this.gates.chat = null;
    this.gates.create = null;
  }

  private user(req: IncomingMessage): User {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const email = sid ? this.identity.sessions.get(sid) : undefined;
    const user = email ? this.identity.users.get(email) : undefined;
    if (!user) throw unauthorized();
    return user;
  }

  private staff(req: IncomingMessage): User {
    const user = this.user(req);
    if (user.role !== 'admin') throw forbidden('Staff only', 'staff_only');
    return user;
  }

  private find(id: string, owner?: User): StoredTicket {
    const ticket = this.tickets.find((t) => t.id === id);
    // Someone else's ticket is as unknown as a missing one.
    if (!ticket || (owner && ticket.userId !== owner.id)) {
      throw notFound('Ticket not found', 'ticket_not_found');
    }
    return ticket;
  }

  /** What the customer may read: no internal notes, and no `internal` flag at all. */
  private publicView({ userId: _user, messages, ...ticket }: StoredTicket): Ticket {
    return {
      ...ticket,
      messages: messages
        .filter((m) => !m.internal)
        .map(({ internal: _internal, ...message }) => message),
    };
  }

  private summary({ userId: _user, messages: _messages, ...ticket }: StoredTicket): Ticket {
    return ticket;
  }

  /** As support answers it: always the user id, name and e-mail when support knows them. */
  private customerOf(ticket: StoredTicket) {
    const user = [...this.identity.users.values()].find((u) => u.id === ticket.userId);
    return { id: ticket.userId, name: user?.name ?? null, email: user?.email ?? null };
  }

  /** The extra fields support's staff answers carry on every ticket. */
  private staffTicket(ticket: StoredTicket) {
    return {
      ...this.summary(ticket),
      source: 'web',
      linkedTicketId: null,
      language: 'es',
      customer: this.customerOf(ticket),
    };
  }

  private open(
    user: User,
    fields: Pick<Ticket, 'title' | 'description' | 'categoryId' | 'priority'>,
  ): StoredTicket {
    return this.addTicket(user, { ...fields, status: 'open', messages: [] });
  }

  private touch(ticket: StoredTicket, message: TicketMessage): void {
    ticket.messages.push(message);
    ticket.updatedAt = message.createdAt;
  }

  private async chat(req: IncomingMessage, body: unknown): Promise<Answer> {
    const user = this.user(req);
    const input = request(chatRequestSchema, body);
    const used = this.sent.get(user.id) ?? 0;
    if (used >= this.chatQuota) throw tooManyRequests(3600, QUOTA_MESSAGE, 'chat_quota');
    this.sent.set(user.id, used + 1);
    if (this.gates.chat) await this.gates.chat;

    // A conversation of someone else's (or an unknown one) starts a new one.
    const known = input.conversationId ? this.conversations.get(input.conversationId) : undefined;
    const conversationId =
      known?.userId === user.id && input.conversationId ? input.conversationId : randomUUID();
    const conversation = this.conversations.get(conversationId) ?? {
      userId: user.id,
      turns: [],
    };
    this.conversations.set(conversationId, conversation);
    const scripted = this.chatScript.shift();
    if (scripted && 'status' in scripted) {
      return answer(
        scripted.status,
        apiErrorSchema,
        scripted.body as z.input<typeof apiErrorSchema>,
      );
    }
    const reply = { ...(scripted ?? triage(input.message)), conversationId };
    const at = new Date().toISOString();
    conversation.turns.push(
      { author: 'customer', text: input.message, nextSteps: [], at },
      { author: 'assistant', text: reply.response, nextSteps: reply.nextSteps, at },
    );
    return answer(200, chatReplySchema, reply);
  }

  private readonly routes: {
    method: string;
    pattern: RegExp;
    run: (
      req: IncomingMessage,
      body: unknown,
      match: string[],
      url: URL,
    ) => Answer | Promise<Answer>;
  }[] = [
    {
      method: 'GET',
      pattern: /^\/api\/tickets\/categories$/,
      run: (req, _body, _match, url) => {
        this.user(req);
        const language = url.searchParams.get('lang') === 'en' ? 'en' : 'es';
        return answer(200, z.array(ticketCategorySchema), categoriesIn(language));
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/tickets$/,
      run: (req) => {
        const user = this.user(req);
        if (this.failTickets) throw new Error('projection unavailable');
        const own = this.tickets.filter((t) => t.userId === user.id).reverse();
        return answer(
          200,
          z.array(ticketSchema),
          own.map((t) => this.summary(t)),
        );
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/tickets$/,
      run: async (req, body) => {
        const user = this.user(req);
        const input = request(createTicketRequestSchema, body);
        if (this.gates.create) await this.gates.create;
        if (this.failCreate) throw new Error('event store unavailable');
        return answer(201, ticketSchema, this.publicView(this.open(user, input)));
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/tickets\/([^/]+)$/,
      run: (req, _body, [, id]) =>
        answer(200, ticketSchema, this.publicView(this.find(id!, this.user(req)))),
    },
    {
      method: 'POST',
      pattern: /^\/api\/tickets\/([^/]+)\/messages$/,
      run: (req, body, [, id]) => {
        const user = this.user(req);
        const { body: text } = request(ticketReplyRequestSchema, body);
        let ticket = this.find(id!, user);
        if (ticket.status === 'closed') {
          // Closed is final: the reply opens a follow-up ticket.
          ticket = this.open(user, {
            title: ticket.title,
            description: ticket.description,
            categoryId: ticket.categoryId,
            priority: ticket.priority,
          });
        } else if (ticket.status === 'resolved') {
          ticket.status = 'open';
        }
        this.touch(ticket, this.message('customer', text, { authorName: user.name }));
        return answer(201, ticketSchema, this.publicView(ticket));
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/support\/chat$/,
      run: (req, body) => this.chat(req, body),
    },
    {
      method: 'POST',
      pattern: /^\/api\/support\/chat\/ticket$/,
      run: (req, body) => {
        const user = this.user(req);
        const { conversationId } = request(confirmOpenTicketRequestSchema, body);
        const conversation = this.conversations.get(conversationId);
        if (!conversation || conversation.userId !== user.id) {
          throw notFound('Conversation not found', 'conversation_not_found');
        }
        const ticket = this.open(user, {
          title: 'Consulta desde el chat de soporte',
          description: conversation.turns[0]?.text ?? '',
          categoryId: 'payment',
          priority: 'high',
        });
        ticket.transcript = { turns: [...conversation.turns], omittedTurns: 0 };
        this.touch(
          ticket,
          this.message('ai', 'Triage del asistente: categoría payment.', { internal: true }),
        );
        return answer(201, ticketSchema, this.publicView(ticket));
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/support\/staff\/tickets$/,
      run: (req, _body, _match, url) => {
        this.staff(req);
        const filter = (key: string) => url.searchParams.get(key);
        const q = filter('q')?.toLowerCase();
        const rows = this.tickets
          .filter((t) => !filter('status') || t.status === filter('status'))
          .filter((t) => !filter('priority') || t.priority === filter('priority'))
          .filter((t) => !filter('categoryId') || t.categoryId === filter('categoryId'))
          .map((t) => this.staffTicket(t))
          .filter(
            (t) =>
              !q ||
              [t.ticketNumber, t.title, t.customer?.name, t.customer?.email].some((field) =>
                field?.toLowerCase().includes(q),
              ),
          )
          .reverse();
        return answer(200, staffTicketListResponseSchema, { tickets: rows, total: rows.length });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/support\/staff\/tickets\/([^/]+)$/,
      run: (req, _body, [, id]) => {
        this.staff(req);
        const ticket = this.find(id!);
        const { userId, ...rest } = ticket;
        const context = this.context.get(userId) ?? { access: [], payments: [] };
        return answer(200, staffTicketDetailResponseSchema, {
          ticket: { ...this.staffTicket(ticket), messages: rest.messages },
          allowedStatuses: ticketStatuses.filter((to) => canMove(ticket.status, to, 'staff')),
          customer: { ...this.customerOf(ticket), registeredAt: null },
          account: {
            summary: {},
            grants: context.access.map((g) => ({
              grantId: g.grantId,
              scope: g.scope,
              name: null,
              source: { kind: g.source, ref: null },
              validFrom: g.validFrom,
              validUntil: g.validUntil,
              state: g.state,
              revokeReason: g.revokeReason,
            })),
            payments: context.payments.map((p) => ({
              paymentId: p.id,
              description: p.description,
              amount: p.amount,
              currency: 'usd',
              status: p.status,
              paidAt: p.createdAt,
              failedAt: null,
              failure: p.failureMessage ? { code: null, message: p.failureMessage } : null,
              refunded: p.refundedAmount,
              refundedAt: null,
              dispute: null,
            })),
          },
          pastTickets: this.tickets
            .filter((t) => t.userId === userId && t.id !== ticket.id)
            .map(({ id: pastId, ticketNumber, title, status, priority, createdAt }) => ({
              id: pastId,
              ticketNumber,
              title,
              status,
              priority,
              createdAt,
            })),
        });
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/support\/staff\/tickets\/([^/]+)\/messages$/,
      run: (req, body, [, id]) => {
        this.staff(req);
        const { body: text, internal } = request(staffTicketReplyRequestSchema, body);
        const ticket = this.find(id!);
        if (ticket.status === 'closed') throw conflict('Ticket is closed', 'ticket_closed');
        this.touch(ticket, this.message('staff', text, { authorName: 'Soporte', internal }));
        return answer(201, ticketSchema, { ...this.summary(ticket), messages: ticket.messages });
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/support\/staff\/tickets\/([^/]+)\/status$/,
      run: (req, body, [, id]) => {
        this.staff(req);
        const { status } = request(ticketStatusChangeRequestSchema, body);
        const ticket = this.find(id!);
        if (!canMove(ticket.status, status, 'staff')) {
          throw conflict(`A ticket cannot move from ${ticket.status} to ${status}`, 'bad_move');
        }
        ticket.status = status;
        return answer(200, ticketSchema, { ...this.summary(ticket), messages: ticket.messages });
      },
    },
  ];

  readonly handler = async (
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
  ): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://x');
    let match: string[] | null = null;
    const route = this.routes.find(
      (r) => r.method === req.method && (match = r.pattern.exec(url.pathname)),
    );
    if (!route || !match) return false;
    this.calls.push(`${req.method} ${url.pathname}${url.search}`);
    let result: Answer;
    try {
      result = await route.run(req, raw ? JSON.parse(raw) : {}, match, url);
    } catch (error) {
      if (error instanceof ContractBreach) {
        this.contractBreaches.push(error);
        throw error;
      }
      result =
        error instanceof HttpError
          ? {
              ...answer(error.status, apiErrorSchema, error.toBody()),
              headers: { ...error.headers },
            }
          : answer(500, apiErrorSchema, { message: 'Internal server error' });
    }
    res.writeHead(result.status, { 'Content-Type': 'application/json', ...result.headers });
    res.end(JSON.stringify(result.body));
    return true;
  };
}
