import { createTicketRequestSchema, ticketReplyRequestSchema } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import { ticketRuleMessage, ticketRuleTexts } from './ticket-rule-message';

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ticket form messages', () => {
  it('shows the spec section 5 texts word for word in English', () => {
    expect(ticketRuleMessage('Title is required', en)).toBe('Title is required');
    expect(ticketRuleMessage('Title must be less than 200 characters', en)).toBe(
      'Title must be less than 200 characters',
    );
    expect(ticketRuleMessage('Description must be at least 10 characters', en)).toBe(
      'Description must be at least 10 characters',
    );
    expect(ticketRuleMessage('Category is required', en)).toBe('Category is required');
  });

  it('carries every rule text of the contracts in English exactly', () => {
    for (const [key, text] of Object.entries(ticketRuleTexts)) {
      expect(en.tickets.validation[key as keyof typeof ticketRuleTexts]).toBe(text);
    }
  });

  it('translates what the contract schemas actually say', () => {
    const create = createTicketRequestSchema.safeParse({
      title: 'x'.repeat(201),
      description: 'short',
      categoryId: '  ',
    });
    const messages = errorsOf(create).map((message) => ticketRuleMessage(message, es));
    expect(messages).toEqual([
      'El título debe tener menos de 200 caracteres',
      'La descripción debe tener al menos 10 caracteres',
      'La categoría es obligatoria',
    ]);
    const blankTitle = createTicketRequestSchema.safeParse({
      title: ' ',
      description: 'long enough text',
      categoryId: 'access',
    });
    expect(errorsOf(blankTitle).map((m) => ticketRuleMessage(m, es))).toEqual([
      'El título es obligatorio',
    ]);
    const reply = ticketReplyRequestSchema.safeParse({ body: '   ' });
    expect(errorsOf(reply).map((m) => ticketRuleMessage(m, es))).toEqual(['Escribe un mensaje']);
  });

  it('passes other texts to the shared rule translation', () => {
    expect(ticketRuleMessage('Required', es)).toBe(es.validation.required);
    expect(ticketRuleMessage('Something else', es)).toBe('Something else');
    expect(ticketRuleMessage(undefined, es)).toBeUndefined();
  });
});
