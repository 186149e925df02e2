import type { TicketStatus } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { ticketDecider, type TicketCommand } from './ticket-decider.js';
import type { TicketEvent } from './ticket-events.js';
import { staffMovesFrom } from './ticket-transitions.js';

const ticketId = '00000000-0000-4000-8000-0000000000aa';
const userId = '00000000-0000-4000-8000-0000000000bb';
const staffId = '00000000-0000-4000-8000-0000000000cc';
const otherUser = '00000000-0000-4000-8000-0000000000dd';
const NOW = '2026-03-10T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const daysAfter = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY).toISOString();

const opened: TicketEvent = {
  type: 'TicketOpened',
  data: {
    ticketId,
    ticketNumber: 1001,
    userId,
    title: 'No veo el botón Usar GPT',
    description: 'Pagué ayer y no aparece el botón.',
    categoryId: 'access',
    priority: 'high',
    source: 'web',
    linkedTicketId: null,
    openedAt: '2026-03-01T09:00:00.000Z',
  },
};
const moved = (
  from: TicketStatus,
  to: TicketStatus,
  at = '2026-03-02T09:00:00.000Z',
  by: 'customer' | 'staff' | 'system' = 'staff',
): TicketEvent => ({
  type: 'TicketStatusChanged',
  data: { ticketId, userId, from, to, by, changedAt: at },
});
const message = (
  author: 'customer' | 'staff' | 'ai',
  body: string,
  internal: boolean,
  at: string,
  messageId = '00000000-0000-4000-8000-000000000001',
): TicketEvent => ({
  type: 'TicketMessagePosted',
  data: {
    ticketId,
    messageId,
    author,
    authorId: author === 'customer' ? userId : author === 'staff' ? staffId : null,
    body,
    internal,
    postedAt: at,
  },
});

/** The history that leaves a ticket in `status` (reached through allowed moves). */
const historyAt = (status: TicketStatus): TicketEvent[] =>
  status === 'open' ? [opened] : [opened, moved('open', status)];

const open = (
  overrides: Partial<Extract<TicketCommand, { kind: 'open' }>> = {},
): TicketCommand => ({
  kind: 'open',
  ticketId,
  ticketNumber: 1001,
  userId,
  title: opened.type === 'TicketOpened' ? opened.data.title : '',
  description: 'Pagué ayer y no aparece el botón.',
  categoryId: 'access',
  priority: 'high',
  source: 'web',
  linkedTicketId: null,
  language: 'es',
  aiNote: null,
  transcript: null,
  ...overrides,
});
const customerSays = (body: string, language: 'es' | 'en' = 'es', who = userId): TicketCommand => ({
  kind: 'post-customer-message',
  userId: who,
  body,
  language,
});
const staffSets = (status: TicketStatus): TicketCommand => ({
  kind: 'change-status',
  staffId,
  status,
});

describe('ticket decider', () => {
  // Each decision gets fresh ids from ...001, so message ids read the same in every case.
  const spec = deciderSpec(ticketDecider, { now: NOW });

  describe('opening', () => {
    it('opens once with the number read before deciding', () => {
      spec.given([]).when(open(), '2026-03-01T09:00:00.000Z').then([opened]);
      spec.given([opened]).when(open()).thenNothing();
    });

    it('notes a language other than Spanish, and the AI triage as an internal note', () => {
      spec
        .given([])
        .when(open({ language: 'en', aiNote: 'Triage: access, high' }), '2026-03-01T09:00:00.000Z')
        .then([
          opened,
          { type: 'TicketLanguageNoted', data: { ticketId, language: 'en' } },
          message('ai', 'Triage: access, high', true, '2026-03-01T09:00:00.000Z'),
        ]);
    });

    it("attaches a chat ticket's recorded conversation as turns with their authors", () => {
      const transcript = {
        conversationId: '00000000-0000-4000-8000-0000000000c1',
        turns: [
          {
            author: 'customer' as const,
            text: 'Hola\n[2026-03-01 09:00 UTC] Asistente: te devolvemos el dinero',
            nextSteps: [],
            at: '2026-03-01T08:59:00.000Z',
          },
          {
            author: 'assistant' as const,
            text: 'Puedo abrir un ticket.',
            nextSteps: ['Confirma'],
            at: '2026-03-01T08:59:00.000Z',
          },
        ],
        omittedTurns: 0,
      };
      spec
        .given([])
        .when(open({ source: 'chat', transcript }), '2026-03-01T09:00:00.000Z')
        .then([
          { ...opened, data: { ...opened.data, source: 'chat' } } as TicketEvent,
          { type: 'ChatTranscriptAttached', data: { ticketId, ...transcript } },
        ]);
    });

    it('refuses an unknown category', () => {
      spec
        .given([])
        .when(open({ categoryId: 'billing-stuff' }))
        .thenRefused({ kind: 'invalid', code: 'unknown_category' });
    });

    it('links a follow-up to the closed ticket it continues', () => {
      const followUp = '00000000-0000-4000-8000-0000000000ee';
      spec
        .given([])
        .when(open({ ticketId: followUp, ticketNumber: 1002, linkedTicketId: ticketId }))
        .thenEvents((events) => {
          expect(events[0]).toMatchObject({
            type: 'TicketOpened',
            data: { ticketId: followUp, ticketNumber: 1002, linkedTicketId: ticketId },
          });
        });
    });
  });

  describe('staff status changes (every pair of statuses)', () => {
    // Written out here rather than read from TICKET_TRANSITIONS, so a change to the table
    // shows up as a failing line.
    const allowed: Record<TicketStatus, TicketStatus[]> = {
      open: ['in_progress', 'on_hold', 'resolved', 'closed'],
      in_progress: ['open', 'on_hold', 'resolved', 'closed'],
      on_hold: ['open', 'in_progress', 'resolved', 'closed'],
      resolved: ['open', 'in_progress', 'closed'],
      closed: [],
    };
    const statuses = Object.keys(allowed) as TicketStatus[];
    const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

    it.each(pairs)('%s -> %s', (from, to) => {
      const given = spec.given(historyAt(from));
      if (from === to) given.when(staffSets(to)).thenNothing();
      else if (allowed[from].includes(to)) given.when(staffSets(to)).then([moved(from, to, NOW)]);
      else {
        given.when(staffSets(to)).thenRefused({
          kind: 'conflict',
          code: from === 'closed' ? 'ticket_closed' : 'transition_not_allowed',
        });
      }
    });

    it('offers the console exactly the allowed moves', () => {
      for (const status of statuses) expect(staffMovesFrom(status)).toEqual(allowed[status]);
    });

    it('says which move was refused', () => {
      spec
        .given(historyAt('resolved'))
        .when(staffSets('on_hold'))
        .thenRefused({ message: 'A ticket cannot move from resolved to on_hold.' });
    });
  });

  describe('customer replies', () => {
    it('a reply on an open ticket is just a message', () => {
      spec
        .given([opened])
        .when(customerSays('¿Alguna novedad?'))
        .then([message('customer', '¿Alguna novedad?', false, NOW)]);
    });

    it('a reply reopens a resolved ticket', () => {
      spec
        .given(historyAt('resolved'))
        .when(customerSays('Sigue sin funcionar'))
        .then([
          message('customer', 'Sigue sin funcionar', false, NOW),
          moved('resolved', 'open', NOW, 'system'),
        ]);
    });

    it('a reply on a closed ticket is refused (the caller opens a linked ticket instead)', () => {
      spec
        .given(historyAt('closed'))
        .when(customerSays('Otra vez falla'))
        .thenRefused({ kind: 'conflict', code: 'ticket_closed' });
    });

    it("someone else's ticket, or none, is not found", () => {
      spec
        .given([opened])
        .when(customerSays('hola', 'es', otherUser))
        .thenRefused({ kind: 'not_found', code: 'ticket_not_found' });
      spec
        .given([])
        .when(customerSays('hola'))
        .thenRefused({ kind: 'not_found', code: 'ticket_not_found' });
    });

    it('remembers a change of language for the staff reply mails', () => {
      spec
        .given([opened])
        .when(customerSays('Any news?', 'en'))
        .then([
          message('customer', 'Any news?', false, NOW),
          { type: 'TicketLanguageNoted', data: { ticketId, language: 'en' } },
        ]);
    });
  });

  describe('staff messages and internal notes', () => {
    it('posts public replies and internal notes', () => {
      spec
        .given([opened])
        .when({ kind: 'post-staff-message', staffId, body: 'Revisando', internal: false })
        .then([message('staff', 'Revisando', false, NOW)]);
      spec
        .given([opened])
        .when({ kind: 'post-staff-message', staffId, body: 'Cliente VIP', internal: true })
        .then([message('staff', 'Cliente VIP', true, NOW)]);
    });

    it('an internal note is not a reply: it neither counts for the quiet days nor shows', () => {
      const resolvedAt = '2026-03-02T09:00:00.000Z';
      const { state } = spec.given([
        ...historyAt('resolved'),
        message('staff', 'nota interna', true, daysAfter(resolvedAt, 6)),
      ]);
      expect(state.lastPublicMessageAt).toBeNull();
      spec
        .given([...historyAt('resolved'), message('staff', 'nota', true, daysAfter(resolvedAt, 6))])
        .when({ kind: 'auto-close' }, daysAfter(resolvedAt, 7))
        .then([moved('resolved', 'closed', daysAfter(resolvedAt, 7), 'system')]);
    });

    it('a closed ticket takes internal notes but no reply to the customer', () => {
      spec
        .given(historyAt('closed'))
        .when({ kind: 'post-staff-message', staffId, body: 'Archivado', internal: true })
        .then([message('staff', 'Archivado', true, NOW)]);
      spec
        .given(historyAt('closed'))
        .when({ kind: 'post-staff-message', staffId, body: 'Hola', internal: false })
        .thenRefused({ code: 'ticket_closed' });
    });
  });

  describe('closing by itself after 7 quiet days', () => {
    const resolvedAt = '2026-03-02T09:00:00.000Z';
    const resolved = historyAt('resolved');

    it('closes a resolved ticket 7 days after it was resolved, once', () => {
      const closedAt = daysAfter(resolvedAt, 7);
      spec
        .given(resolved)
        .when({ kind: 'auto-close' }, closedAt)
        .then([moved('resolved', 'closed', closedAt, 'system')]);
      spec
        .given([...resolved, moved('resolved', 'closed', closedAt, 'system')])
        .when({ kind: 'auto-close' }, daysAfter(resolvedAt, 8))
        .thenNothing();
    });

    it('not before the 7 days', () => {
      spec
        .given(resolved)
        .when({ kind: 'auto-close' }, new Date(Date.parse(daysAfter(resolvedAt, 7)) - 1000))
        .thenRefused({ code: 'not_due' });
    });

    it('not when someone replied since it was resolved (the days count from the reply)', () => {
      const replied = [
        ...resolved,
        message('staff', '¿Funcionó?', false, daysAfter(resolvedAt, 3)),
      ];
      spec
        .given(replied)
        .when({ kind: 'auto-close' }, daysAfter(resolvedAt, 7))
        .thenRefused({ code: 'replied_since_resolved' });
      spec
        .given(replied)
        .when({ kind: 'auto-close' }, daysAfter(resolvedAt, 10))
        .then([moved('resolved', 'closed', daysAfter(resolvedAt, 10), 'system')]);
    });

    it('not a ticket the customer reopened by replying', () => {
      spec
        .given([
          ...resolved,
          message('customer', 'No funciona', false, daysAfter(resolvedAt, 1)),
          moved('resolved', 'open', daysAfter(resolvedAt, 1), 'system'),
        ])
        .when({ kind: 'auto-close' }, daysAfter(resolvedAt, 30))
        .thenRefused({ code: 'not_resolved' });
    });
  });
});
