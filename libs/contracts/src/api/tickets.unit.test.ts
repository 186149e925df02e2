import { describe, expect, it } from 'vitest';
import { messages } from './messages.fixture.js';
import {
  createTicketRequestSchema,
  staffTicketReplyRequestSchema,
  ticketReplyRequestSchema,
  ticketSchema,
  ticketStatusChangeRequestSchema,
} from './tickets.js';

const valid = { title: 'No veo Usar', description: 'El botón no aparece', categoryId: 'access' };

describe('new ticket (spec section 5)', () => {
  it('words the spec messages when fields are missing altogether', () => {
    expect(messages(createTicketRequestSchema, {})).toEqual([
      'title: Title is required',
      'description: Description must be at least 10 characters',
      'categoryId: Category is required',
    ]);
  });

  it('counts lengths after trimming', () => {
    expect(messages(createTicketRequestSchema, { ...valid, title: '   ' })).toEqual([
      'title: Title is required',
    ]);
    expect(messages(createTicketRequestSchema, { ...valid, description: '  123456789  ' })).toEqual(
      ['description: Description must be at least 10 characters'],
    );
    expect(messages(createTicketRequestSchema, { ...valid, title: 'x'.repeat(200) })).toEqual([]);
  });

  it('takes only the four priorities', () => {
    expect(messages(createTicketRequestSchema, { ...valid, priority: 'urgent' })).toHaveLength(1);
    expect(createTicketRequestSchema.parse({ ...valid, priority: 'critical' }).priority).toBe(
      'critical',
    );
  });

  it('keeps the title on one line; the description may span lines but hold no other controls', () => {
    expect(messages(createTicketRequestSchema, { ...valid, title: 'a\nb' })).toEqual([
      'title: Title must be a single line without control characters',
    ]);
    expect(
      messages(createTicketRequestSchema, { ...valid, description: 'línea 1\nlínea 2' }),
    ).toEqual([]);
    expect(
      messages(createTicketRequestSchema, { ...valid, description: 'texto con \u001b escape' }),
    ).toEqual(['description: Description must not contain control characters']);
  });
});

describe('ticket replies and status', () => {
  it('needs a reply body of 1 to 5000 characters', () => {
    expect(messages(ticketReplyRequestSchema, { body: ' \n ' })).toEqual([
      'body: Message is required',
    ]);
    expect(messages(ticketReplyRequestSchema, { body: 'x'.repeat(5001) })).toEqual([
      'body: Message must be at most 5000 characters',
    ]);
    expect(ticketReplyRequestSchema.parse({ body: ' gracias\n' }).body).toBe('gracias');
  });

  it('makes staff replies public unless marked internal', () => {
    expect(staffTicketReplyRequestSchema.parse({ body: 'Revisado' }).internal).toBe(false);
    expect(staffTicketReplyRequestSchema.parse({ body: 'Nota', internal: true }).internal).toBe(
      true,
    );
  });

  it('changes status only to a known one', () => {
    expect(ticketStatusChangeRequestSchema.parse({ status: 'on_hold' }).status).toBe('on_hold');
    expect(messages(ticketStatusChangeRequestSchema, { status: 'reopened' })).toHaveLength(1);
  });
});

describe('ticket shape', () => {
  it("accepts the spec's fields alone, and the optional extras", () => {
    const ticket = {
      id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
      ticketNumber: '1001',
      title: 'No veo Usar',
      description: 'El botón no aparece',
      categoryId: 'access',
      priority: 'medium',
      status: 'in_progress',
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    expect(ticketSchema.parse(ticket)).toEqual(ticket);
    const withMessages = {
      ...ticket,
      updatedAt: '2026-11-21T11:00:00.000Z',
      messages: [
        { id: 'm1', author: 'staff', body: 'Hola', createdAt: '2026-11-21T11:00:00.000Z' },
      ],
    };
    expect(ticketSchema.parse(withMessages)).toEqual(withMessages);
  });
});
