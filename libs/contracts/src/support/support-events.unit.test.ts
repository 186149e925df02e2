import { examplePart } from '../privacy/export-part.fixture.js';
import { SupportExportPartReadyV1 } from './support-export-part-ready.v1.js';
import { describe, expect, it } from 'vitest';
import { eventKey, type EventDefinition } from '../envelope.js';
import * as folder from './index.js';
import {
  TicketMessagePostedV1,
  TicketOpenedV1,
  TicketStatusChangedV1,
  type TicketMessagePostedV1Data,
  type TicketOpenedV1Data,
} from './index.js';

const userId = '5a3c2b1d-4e6f-4a8b-9c0d-1e2f3a4b5c6d';
const staffId = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const ticketId = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
const messageId = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';

const opened: TicketOpenedV1Data = {
  ticketId,
  ticketNumber: 1001,
  userId,
  title: 'No veo el botón Usar GPT',
  description: 'Compré el Manual de Ceremonias.\r\nNo aparece el botón:\n\t- en el dashboard',
  categoryId: 'access',
  priority: 'high',
  source: 'web',
  linkedTicketId: null,
  openedAt: '2026-11-21T10:00:00Z',
};

const posted: TicketMessagePostedV1Data = {
  ticketId,
  messageId,
  author: 'staff',
  authorId: staffId,
  body: 'Hola, ya lo revisamos.\nPrueba de nuevo.',
  internal: false,
  postedAt: '2026-11-21T11:00:00Z',
};

const examples: [EventDefinition, unknown][] = [
  [TicketOpenedV1, opened],
  [TicketOpenedV1, { ...opened, source: 'chat', linkedTicketId: ticketId, ticketNumber: 1002 }],
  [TicketMessagePostedV1, posted],
  [TicketMessagePostedV1, { ...posted, author: 'ai', authorId: null, internal: true }],
  [
    TicketStatusChangedV1,
    {
      ticketId,
      userId,
      from: 'resolved',
      to: 'open',
      by: 'system',
      changedAt: '2026-11-22T09:00:00Z',
    },
  ],
  [SupportExportPartReadyV1, examplePart('support')],
];

describe('support events', () => {
  it.each(examples.map(([d, data]) => [d.type, d, data] as const))(
    '%s: a valid example parses unchanged',
    (_type, definition, data) => {
      expect(definition.schema.parse(data)).toEqual(data);
    },
  );

  it('every support event has an example', () => {
    const defined = Object.values(folder)
      .filter((v) => typeof v === 'object' && 'producer' in v)
      .map((d) => eventKey(d as EventDefinition));
    expect(new Set(examples.map(([d]) => eventKey(d)))).toEqual(new Set(defined));
  });

  const openedParses = (change: Partial<Record<keyof TicketOpenedV1Data, unknown>>) =>
    TicketOpenedV1.schema.safeParse({ ...opened, ...change }).success;

  it('keeps titles on one line and multi-line texts free of other controls', () => {
    expect(openedParses({ title: 'Dos\nlíneas' })).toBe(false);
    expect(openedParses({ title: 'x'.repeat(201) })).toBe(false);
    expect(openedParses({ description: 'texto\u0000oculto' })).toBe(false);
    expect(openedParses({ description: '\u001b[2Jborrado' })).toBe(false);
    expect(TicketMessagePostedV1.schema.safeParse({ ...posted, body: 'hola\u0008' }).success).toBe(
      false,
    );
  });

  it('refuses unknown priorities, sources, authors and statuses', () => {
    expect(openedParses({ priority: 'urgent' })).toBe(false);
    expect(openedParses({ source: 'email' })).toBe(false);
    expect(TicketMessagePostedV1.schema.safeParse({ ...posted, author: 'bot' }).success).toBe(
      false,
    );
    expect(
      TicketStatusChangedV1.schema.safeParse({
        ticketId,
        userId,
        from: 'open',
        to: 'reopened',
        by: 'staff',
        changedAt: '2026-11-22T09:00:00Z',
      }).success,
    ).toBe(false);
  });

  it('numbers tickets with positive integers', () => {
    expect(openedParses({ ticketNumber: 0 })).toBe(false);
    expect(openedParses({ ticketNumber: 1.5 })).toBe(false);
    expect(openedParses({ ticketNumber: '1001' })).toBe(false);
  });
});
