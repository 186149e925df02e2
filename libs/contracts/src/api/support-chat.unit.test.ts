import { describe, expect, it } from 'vitest';
import { messages } from './messages.fixture.js';
import {
  chatAnswerSchema,
  chatReplySchema,
  chatRequestSchema,
  confirmOpenTicketRequestSchema,
} from './support-chat.js';

const conversationId = '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';

describe('support chat', () => {
  it('takes messages of up to 2000 characters, on several lines', () => {
    expect(messages(chatRequestSchema, { message: 'x'.repeat(2001) })).toEqual([
      'message: Message must be at most 2000 characters',
    ]);
    expect(chatRequestSchema.parse({ message: 'hola\ncómo uso el código MIA?' }).message).toBe(
      'hola\ncómo uso el código MIA?',
    );
    expect(messages(chatRequestSchema, { message: 'hola\u0000' })).toEqual([
      'message: Message must not contain control characters',
    ]);
    expect(messages(chatRequestSchema, {})).toEqual(['message: Message is required']);
  });

  it('continues a conversation only by a uuid', () => {
    expect(chatRequestSchema.parse({ message: 'sí', conversationId }).conversationId).toBe(
      conversationId,
    );
    expect(messages(chatRequestSchema, { message: 'sí', conversationId: '1' })).toHaveLength(1);
  });

  const answer = {
    response: 'Revisa tu dashboard.',
    severity: 'medium',
    category: 'access',
    nextSteps: ['Inicia sesión', 'Pulsa Usar'],
  };

  it("answers with the spec's four fields, extras optional", () => {
    expect(chatReplySchema.parse(answer)).toEqual(answer);
    const extended = {
      ...answer,
      conversationId,
      offerTicket: true,
      ticket: { id: 't1', ticketNumber: '1001' },
    };
    expect(chatReplySchema.parse(extended)).toEqual(extended);
  });

  it('keeps the structured-output shape to exactly the four required fields', () => {
    expect(Object.keys(chatAnswerSchema.shape)).toEqual([
      'response',
      'severity',
      'category',
      'nextSteps',
    ]);
    expect(messages(chatAnswerSchema, { ...answer, category: 'billing' })).toHaveLength(1);
    expect(messages(chatAnswerSchema, { ...answer, severity: 'urgent' })).toHaveLength(1);
  });

  it('opens a ticket from a conversation by its id', () => {
    expect(messages(confirmOpenTicketRequestSchema, {})).toEqual([
      'conversationId: Conversation is required',
    ]);
    expect(confirmOpenTicketRequestSchema.parse({ conversationId })).toEqual({ conversationId });
  });
});
