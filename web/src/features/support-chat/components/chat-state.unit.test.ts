import type { ChatReply } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { chatReducer, GREETING_ID, initialChat, type AssistantEntry } from './chat-state';

const at = new Date('2026-03-01T10:00:00Z');
const conversationId = '7d4f3a52-6c1b-4c1e-9f59-3d2e1d0c9b11';
const reply = (extra: Partial<ChatReply> = {}): ChatReply => ({
  response: 'Revisa tu método de pago.',
  severity: 'high',
  category: 'payment',
  nextSteps: ['Abre el Dashboard', 'Revisa el historial'],
  ...extra,
});

const assistant = (state: ReturnType<typeof initialChat>, index: number) =>
  state.entries[index] as AssistantEntry;

describe('chat conversation', () => {
  it('opens with the greeting', () => {
    expect(initialChat(at).entries).toEqual([
      { id: GREETING_ID, type: 'assistant', timestamp: at },
    ]);
  });

  it('alternates the user turn and the answer, keeping the badges and next steps', () => {
    let state = chatReducer(initialChat(at), { type: 'sent', id: 'm1', content: 'Hola', at });
    state = chatReducer(state, { type: 'answered', id: 'm2', reply: reply(), at });
    expect(state.entries.map((entry) => entry.type)).toEqual(['assistant', 'user', 'assistant']);
    expect(assistant(state, 2)).toMatchObject({
      content: 'Revisa tu método de pago.',
      severity: 'high',
      category: 'payment',
      nextSteps: ['Abre el Dashboard', 'Revisa el historial'],
    });
  });

  it('continues the conversation the server named', () => {
    let state = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ conversationId }),
      at,
    });
    state = chatReducer(state, { type: 'answered', id: 'm2', reply: reply(), at });
    expect(state.conversationId).toBe(conversationId);
  });

  it('asks before opening a ticket, and only for a known conversation', () => {
    const withoutId = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ offerTicket: true }),
      at,
    });
    expect(assistant(withoutId, 1).offer).toBeUndefined();
    const offered = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ offerTicket: true, conversationId }),
      at,
    });
    expect(assistant(offered, 1).offer).toEqual({ conversationId, state: 'asked' });
  });

  it('shows a ticket the server already opened instead of asking', () => {
    const ticket = { id: 't1', ticketNumber: '1001' };
    const state = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ offerTicket: true, conversationId, ticket }),
      at,
    });
    expect(assistant(state, 1)).toMatchObject({ ticket, offer: undefined });
  });

  it('withdraws an unanswered offer when a newer one is made', () => {
    let state = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ offerTicket: true, conversationId }),
      at,
    });
    state = chatReducer(state, {
      type: 'answered',
      id: 'm2',
      reply: reply({ offerTicket: true }),
      at,
    });
    expect(assistant(state, 1).offer).toBeUndefined();
    expect(assistant(state, 2).offer?.state).toBe('asked');
  });

  it('records the answer to an offer and the ticket it opened', () => {
    let state = chatReducer(initialChat(at), {
      type: 'answered',
      id: 'm1',
      reply: reply({ offerTicket: true, conversationId }),
      at,
    });
    state = chatReducer(state, { type: 'offer', entryId: 'm1', state: 'opening' });
    expect(assistant(state, 1).offer?.state).toBe('opening');
    const ticket = { id: 't9', ticketNumber: '1009' };
    state = chatReducer(state, { type: 'offer', entryId: 'm1', state: 'opened', ticket });
    expect(assistant(state, 1)).toMatchObject({ ticket, offer: { state: 'opened' } });
  });
});
