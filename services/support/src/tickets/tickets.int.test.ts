import { staffTicketDetailResponseSchema, staffTicketListResponseSchema } from '@mia/contracts';
import { ticketSchema } from '@mia/contracts';
import { rebuildProjections } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSupportHarness,
  type Person,
  type SupportHarness,
} from '../support-harness.fixture.js';
import { AUTO_CLOSE_LOCK } from './auto-close.js';
import { ticketProjection } from './ticket-projection.js';

const DAY = 24 * 60 * 60 * 1000;
const newTicket = {
  title: 'No veo el botón Usar GPT',
  description: 'Pagué el Manual de Ceremonias y no aparece el botón.',
  categoryId: 'access',
  priority: 'high',
};

describe('support tickets (real PostgreSQL and NATS)', () => {
  let h: SupportHarness;
  let ana: Person;
  let ben: Person;
  let staff: Person;

  beforeAll(async () => {
    h = await startSupportHarness();
    [ana, ben, staff] = await Promise.all([h.customer('Ana'), h.customer('Ben'), h.admin()]);
  });
  afterAll(() => h?.stop());

  const open = async (who: Person, body: unknown = newTicket) => {
    const res = await h.call('POST', '/api/tickets', { token: who.token, body });
    expect(res.status).toBe(201);
    return res.body as { id: string; ticketNumber: string; status: string };
  };

  it('lists the seeded categories in the reader language (Spanish by default)', async () => {
    const es = await h.call('GET', '/api/tickets/categories');
    expect(es.body).toContainEqual({ id: 'payment', name: 'Pagos y facturación' });
    expect(es.body).toContainEqual({ id: 'access', name: 'Acceso a GPTs' });
    const en = await h.call('GET', '/api/tickets/categories', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body).toContainEqual({ id: 'payment', name: 'Payments and billing' });
    expect((await h.call('GET', '/api/tickets/categories?lang=en')).body[4]).toEqual({
      id: 'other',
      name: 'Other',
    });
  });

  it('creates a ticket in the spec shape, numbered in sequence, medium by default', async () => {
    const first = await open(ana);
    expect(ticketSchema.parse(first)).toMatchObject({
      title: newTicket.title,
      status: 'open',
      priority: 'high',
      categoryId: 'access',
    });
    const second = await open(ana, { ...newTicket, priority: undefined });
    expect(Number(second.ticketNumber)).toBe(Number(first.ticketNumber) + 1);
    expect(second).toMatchObject({ priority: 'medium' });
  });

  it("answers the spec's validation messages", async () => {
    const res = await h.call('POST', '/api/tickets', {
      token: ana.token,
      body: { title: '', description: 'corto', categoryId: '' },
    });
    expect(res.status).toBe(400);
    const messages = JSON.stringify(res.body);
    for (const m of [
      'Title is required',
      'Description must be at least 10 characters',
      'Category is required',
    ]) {
      expect(messages).toContain(m);
    }
    const unknown = await h.call('POST', '/api/tickets', {
      token: ana.token,
      body: { ...newTicket, categoryId: 'nope' },
    });
    expect(unknown.status).toBe(400);
  });

  it("lists only the caller's own tickets", async () => {
    const mine = await open(ben);
    const list = await h.call('GET', '/api/tickets', { token: ben.token });
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    expect((await h.call('GET', '/api/tickets')).status).toBe(401);
  });

  it("cannot read or reply to someone else's ticket (404, like a missing one)", async () => {
    const anas = await open(ana);
    expect((await h.call('GET', `/api/tickets/${anas.id}`, { token: ben.token })).status).toBe(404);
    const reply = await h.call('POST', `/api/tickets/${anas.id}/messages`, {
      token: ben.token,
      body: { body: 'Soy Ben' },
    });
    expect(reply.status).toBe(404);
    expect((await h.call('GET', '/api/tickets/not-a-uuid', { token: ana.token })).status).toBe(404);
    const own = await h.call('GET', `/api/tickets/${anas.id}`, { token: ana.token });
    expect(own.body.messages).toEqual([]);
  });

  it('the staff API is for admins only, checked by support itself (403 / 401)', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/support/staff/tickets'],
      ['GET', `/api/support/staff/tickets/${ana.id}`],
      ['POST', `/api/support/staff/tickets/${ana.id}/messages`, { body: 'x' }],
      ['POST', `/api/support/staff/tickets/${ana.id}/status`, { status: 'closed' }],
    ];
    for (const [method, path, body] of paths) {
      expect((await h.call(method, path, { token: ana.token, body })).status).toBe(403);
      expect((await h.call(method, path, { body })).status).toBe(401);
    }
    expect((await h.call('GET', '/api/support/staff/tickets', { token: staff.token })).status).toBe(
      200,
    );
  });

  it('staff reply: the customer sees it (not the internal note) and gets a mail in their language', async () => {
    const ticket = await open(ana);
    const note = await h.call('POST', `/api/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { body: 'Revisar el pago en billing', internal: true },
    });
    expect(note.status).toBe(200);
    const reply = await h.call('POST', `/api/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { body: 'Hola Ana, ya activamos tu acceso.' },
    });
    // The staff console parses these answers with the contract: a drift fails here.
    staffTicketDetailResponseSchema.parse(reply.body);
    expect(reply.body.ticket.messages.map((m: { internal: boolean }) => m.internal)).toEqual([
      true,
      false,
    ]);

    const seen = await h.call('GET', `/api/tickets/${ticket.id}`, { token: ana.token });
    expect(seen.body.messages).toEqual([
      expect.objectContaining({
        author: 'staff',
        authorName: 'Soporte',
        body: 'Hola Ana, ya activamos tu acceso.',
      }),
    ]);
    expect(JSON.stringify(seen.body)).not.toContain('Revisar el pago');

    const [mail] = await waitFor(
      () => {
        const mails = h.mailsTo(ana.email).filter((m) => m.ticketId === ticket.id);
        return mails.length > 0 ? mails : undefined;
      },
      { message: 'the staff reply mail' },
    );
    expect(mail!.subject).toBe(`Respuesta a tu ticket #${ticket.ticketNumber}: ${newTicket.title}`);
    expect(mail!.text).toContain('Hola Ana, ya activamos tu acceso.');
    expect(mail!.text).not.toContain('Revisar el pago');
  });

  it('a customer who writes in English gets the reply mail in English', async () => {
    const ticket = await open(ben);
    await h.call('POST', `/api/tickets/${ticket.id}/messages`, {
      token: ben.token,
      body: { body: 'Any news about this?' },
      headers: { 'accept-language': 'en' },
    });
    await h.call('POST', `/api/support/staff/tickets/${ticket.id}/messages`, {
      token: staff.token,
      body: { body: 'Yes, fixed.' },
    });
    const [mail] = await waitFor(
      () => {
        const mails = h.mailsTo(ben.email).filter((m) => m.ticketId === ticket.id);
        return mails.length > 0 ? mails : undefined;
      },
      { message: 'the English mail' },
    );
    expect(mail!.subject).toBe(`Reply to your ticket #${ticket.ticketNumber}: ${newTicket.title}`);
  });

  it('status changes follow the transitions table; refused ones answer 409 with the reason', async () => {
    const ticket = await open(ana);
    const status = (to: string) =>
      h.call('POST', `/api/support/staff/tickets/${ticket.id}/status`, {
        token: staff.token,
        body: { status: to },
      });
    const resolved = await status('resolved');
    expect(resolved.body.ticket.status).toBe('resolved');
    expect(resolved.body.allowedStatuses).toEqual(['open', 'in_progress', 'closed']);
    const refused = await status('on_hold');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A ticket cannot move from resolved to on_hold.');

    // The customer's reply reopens it.
    await h.call('POST', `/api/tickets/${ticket.id}/messages`, {
      token: ana.token,
      body: { body: 'Sigue sin funcionar' },
    });
    expect(
      (await h.call('GET', `/api/tickets/${ticket.id}`, { token: ana.token })).body.status,
    ).toBe('open');
  });

  it('a reply to a closed ticket opens a new ticket that links it', async () => {
    const ticket = await open(ana);
    await h.call('POST', `/api/support/staff/tickets/${ticket.id}/status`, {
      token: staff.token,
      body: { status: 'closed' },
    });
    const res = await h.call('POST', `/api/tickets/${ticket.id}/messages`, {
      token: ana.token,
      body: { body: 'Vuelve a fallar desde ayer' },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(ticket.id);
    expect(res.body).toMatchObject({
      linkedTicketId: ticket.id,
      status: 'open',
      description: 'Vuelve a fallar desde ayer',
      title: `Seguimiento del ticket #${ticket.ticketNumber}: ${newTicket.title}`,
    });
    const old = await h.call('GET', `/api/tickets/${ticket.id}`, { token: ana.token });
    expect(old.body).toMatchObject({ status: 'closed', messages: [] });
    const console = await h.call('GET', `/api/support/staff/tickets/${res.body.id}`, {
      token: staff.token,
    });
    expect(console.body.ticket.linkedTicketId).toBe(ticket.id);
  });

  describe('limits (defaults: 10 tickets per user, 20 replies per ticket, per hour)', () => {
    const tryOpen = (who: Person, headers: Record<string, string> = {}) =>
      h.call('POST', '/api/tickets', { token: who.token, body: newTicket, headers });
    const reply = (who: Person, ticketId: string, body: string) =>
      h.call('POST', `/api/tickets/${ticketId}/messages`, { token: who.token, body: { body } });

    it('the 11th ticket in an hour is 429 with Retry-After, in Spanish or English', async () => {
      const carla = await h.customer('Carla');
      for (let i = 0; i < 10; i++) await open(carla);
      const refused = await tryOpen(carla);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Has abierto el máximo de 10 tickets por hora/);
      const english = await tryOpen(carla, { 'accept-language': 'en' });
      expect(english.body.message).toMatch(/^You have opened the maximum of 10 tickets per hour/);
      expect((await h.call('GET', '/api/tickets', { token: carla.token })).body).toHaveLength(10);
      // Per user: someone else is not held back.
      await open(await h.customer('Diego'));
    });

    it('the follow-up a reply to a closed ticket opens counts too, and closed stays final', async () => {
      const dani = await h.customer('Dani');
      const closed = await open(dani);
      await h.call('POST', `/api/support/staff/tickets/${closed.id}/status`, {
        token: staff.token,
        body: { status: 'closed' },
      });
      for (let i = 0; i < 9; i++) await open(dani);
      const refused = await reply(dani, closed.id, 'Sigue sin funcionar');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await h.call('GET', '/api/tickets', { token: dani.token })).body).toHaveLength(10);
      const old = await h.call('GET', `/api/tickets/${closed.id}`, { token: dani.token });
      expect(old.body).toMatchObject({ status: 'closed', messages: [] });
    });

    it('a ticket opened from the chat counts too', async () => {
      const fede = await h.customer('Fede');
      for (let i = 0; i < 10; i++) await open(fede);
      const chat = await h.call('POST', '/api/support/chat', {
        token: fede.token,
        body: { message: 'Me cobraron dos veces, quiero hablar con una persona' },
      });
      expect(chat.status).toBe(200);
      const refused = await h.call('POST', '/api/support/chat/ticket', {
        token: fede.token,
        body: { conversationId: chat.body.conversationId },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await h.call('GET', '/api/tickets', { token: fede.token })).body).toHaveLength(10);
    });

    it('the 21st reply on one ticket in an hour is 429; other tickets still take replies', async () => {
      const eva = await h.customer('Eva');
      const ticket = await open(eva);
      for (let i = 1; i <= 20; i++) {
        expect((await reply(eva, ticket.id, `Respuesta ${i}`)).status).toBe(200);
      }
      const refused = await reply(eva, ticket.id, 'Respuesta 21');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Has enviado el máximo de 20 respuestas por hora/);
      const thread = await h.call('GET', `/api/tickets/${ticket.id}`, { token: eva.token });
      expect(thread.body.messages).toHaveLength(20);
      const other = await open(eva);
      expect((await reply(eva, other.id, 'Otra consulta')).status).toBe(200);
    });
  });

  it('the console filters and searches every ticket, with the customer beside it', async () => {
    const critical = await open(ben, {
      ...newTicket,
      title: 'Cargo desconocido en mi tarjeta',
      categoryId: 'payment',
      priority: 'critical',
    });
    const byFilter = await h.call(
      'GET',
      '/api/support/staff/tickets?status=open&priority=critical&categoryId=payment&q=',
      { token: staff.token },
    );
    staffTicketListResponseSchema.parse(byFilter.body);
    expect(byFilter.body.tickets.map((t: { id: string }) => t.id)).toEqual([critical.id]);
    expect(byFilter.body.tickets[0].customer).toEqual({
      id: ben.id,
      name: 'Ben',
      email: ben.email,
    });
    const byText = await h.call('GET', '/api/support/staff/tickets?q=desconocido', {
      token: staff.token,
    });
    expect(byText.body.tickets.map((t: { id: string }) => t.id)).toEqual([critical.id]);
    const byCustomer = await h.call(
      'GET',
      `/api/support/staff/tickets?q=${encodeURIComponent(ben.email)}`,
      {
        token: staff.token,
      },
    );
    expect(byCustomer.body.total).toBeGreaterThanOrEqual(2);
    const byNumber = await h.call(
      'GET',
      `/api/support/staff/tickets?q=%23${critical.ticketNumber}`,
      {
        token: staff.token,
      },
    );
    expect(byNumber.body.tickets.map((t: { id: string }) => t.id)).toContain(critical.id);
    const detail = await h.call('GET', `/api/support/staff/tickets/${critical.id}`, {
      token: staff.token,
    });
    expect(detail.body.customer).toMatchObject({ id: ben.id, email: ben.email });
    expect(detail.body.pastTickets.length).toBeGreaterThanOrEqual(1);
  });

  describe('closing resolved tickets after 7 quiet days', () => {
    it('closes once, only when quiet, and only one replica acts', async () => {
      const quiet = await open(ana);
      const answered = await open(ana);
      for (const t of [quiet, answered]) {
        await h.call('POST', `/api/support/staff/tickets/${t.id}/status`, {
          token: staff.token,
          body: { status: 'resolved' },
        });
      }
      h.clock.advance(3 * DAY);
      await h.call('POST', `/api/support/staff/tickets/${answered.id}/messages`, {
        token: staff.token,
        body: { body: '¿Se resolvió?' },
      });
      h.clock.advance(4 * DAY + 1000);

      // Another replica holds the lock: this one does nothing.
      const other = new pg.Client({ connectionString: h.support.ctx.config.DATABASE_URL });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock(hashtext($1))', [AUTO_CLOSE_LOCK]);
        expect(await h.support.deps.sweeper.sweepOnce()).toEqual({ skipped: true, closed: [] });
      } finally {
        await other.end();
      }

      const sweep = await h.support.deps.sweeper.sweepOnce();
      expect(sweep.closed).toContain(quiet.id);
      expect(sweep.closed).not.toContain(answered.id);
      const status = async (id: string) =>
        (await h.call('GET', `/api/tickets/${id}`, { token: ana.token })).body.status;
      expect(await status(quiet.id)).toBe('closed');
      expect(await status(answered.id)).toBe('resolved');
      expect((await h.support.deps.sweeper.sweepOnce()).closed).not.toContain(quiet.id);

      h.clock.advance(3 * DAY);
      expect((await h.support.deps.sweeper.sweepOnce()).closed).toContain(answered.id);
      const events = await h.support.ctx.events.readStream(`ticket-${quiet.id}`);
      expect(events.filter((e) => e.type === 'TicketStatusChanged').map((e) => e.data)).toEqual([
        expect.objectContaining({ to: 'resolved', by: 'staff' }),
        expect.objectContaining({ to: 'closed', by: 'system' }),
      ]);
    });
  });

  it('replay rebuilds the same tickets and threads from the store', async () => {
    const db = h.support.deps.db;
    const snapshot = async () => ({
      tickets: await db.ticket.findMany({ orderBy: { ticketNumber: 'asc' } }),
      messages: await db.ticketMessage.findMany({ orderBy: { id: 'asc' } }),
    });
    const before = await snapshot();
    expect(before.tickets.length).toBeGreaterThan(5);
    await rebuildProjections({
      runner: h.support.ctx.runner,
      schema: h.support.ctx.schema,
      projections: [ticketProjection],
    });
    expect(await snapshot()).toEqual(before);
  });
});
