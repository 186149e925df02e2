import type { ChatCategory } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import type { Conversation } from './conversation-decider.js';
import { chatTicketCategory, chatTicketTitle } from './open-chat-ticket.js';

const conversationOf = (...categories: ChatCategory[]): Conversation => ({
  id: 'c1',
  turns: categories.map((category, i) => ({
    question: `pregunta ${i + 1}`,
    answer: { response: 'r', severity: 'medium', category, nextSteps: [] },
    answeredBy: 'triage',
    language: 'es',
    at: '2026-11-23T19:00:00.000Z',
  })),
  turnCount: categories.length,
  offeredTicket: true,
  ticket: null,
  lastAt: '2026-11-23T19:00:00.000Z',
});

describe('the ticket a chat opens', () => {
  it('is about the problem discussed, not the closing request for a person', () => {
    expect(chatTicketCategory(conversationOf('payment', 'general'))).toBe('payment');
  });

  it('follows the latest specific problem when the conversation moved on', () => {
    expect(chatTicketCategory(conversationOf('payment', 'access', 'general'))).toBe('access');
  });

  it('stays general when nothing more specific was discussed', () => {
    expect(chatTicketCategory(conversationOf('general', 'general'))).toBe('general');
  });

  it("is titled with the customer's first question", () => {
    expect(chatTicketTitle(conversationOf('payment', 'general'))).toBe('pregunta 1');
  });
});
