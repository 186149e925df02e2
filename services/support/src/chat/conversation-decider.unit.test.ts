import type { ChatAnswer } from '@mia/contracts';
import { deciderSpec, sequentialIds } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { conversationDecider, type ChatCommand } from './conversation-decider.js';
import type { ConversationEvent } from './conversation-events.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const otherUser = '00000000-0000-4000-8000-0000000000bb';
const conversationId = '00000000-0000-4000-8000-0000000000c1';
const NOW = '2026-05-10T12:00:00.000Z';
const questionId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minutesBefore = (minutes: number) =>
  new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

const ask = (n: number, overrides: Partial<Extract<ChatCommand, { kind: 'ask' }>> = {}) =>
  ({
    kind: 'ask',
    conversationId,
    questionId: questionId(n),
    isNew: n === 1,
    userId,
    question: `pregunta ${n}`,
    language: 'es',
    quotaPerHour: 3,
    ...overrides,
  }) satisfies ChatCommand;
const asked = (n: number, at = NOW): ConversationEvent => ({
  type: 'ChatQuestionAsked',
  data: {
    conversationId,
    questionId: questionId(n),
    userId,
    question: `pregunta ${n}`,
    language: 'es',
    at,
  },
});
const answer: ChatAnswer = {
  response: 'Respuesta.',
  severity: 'low',
  category: 'general',
  nextSteps: ['Paso'],
};
const answerCommand = (n: number): ChatCommand => ({
  kind: 'answer',
  conversationId,
  questionId: questionId(n),
  answer,
  offerTicket: true,
  answeredBy: 'model',
});
const answered = (n: number, at = NOW): ConversationEvent => ({
  type: 'ChatAnswered',
  data: {
    conversationId,
    questionId: questionId(n),
    answer,
    offerTicket: true,
    answeredBy: 'model',
    at,
  },
});

describe('chat conversation decider', () => {
  const spec = deciderSpec(conversationDecider, { now: NOW, newId: sequentialIds() });

  it('records the question before any answer, and that is what the quota counts', () => {
    spec
      .given([])
      .when(ask(1))
      .then([asked(1)]);
    // Three questions in the hour, none answered yet: the fourth is refused all the same.
    spec
      .given([asked(1, minutesBefore(30)), asked(2, minutesBefore(20)), asked(3, minutesBefore(1))])
      .when(ask(4))
      .thenRefused({ kind: 'too_many', code: 'chat_quota' });
  });

  it('frees the quota as the oldest question leaves the hour', () => {
    spec
      .given([asked(1, minutesBefore(61)), asked(2, minutesBefore(20)), asked(3, minutesBefore(1))])
      .when(ask(4))
      .then([asked(4)]);
  });

  it("refuses to continue an unknown conversation, or someone else's", () => {
    spec
      .given([])
      .when(ask(2, { isNew: false }))
      .thenRefused({ kind: 'not_found', code: 'conversation_not_found' });
    spec
      .given([asked(1)])
      .when(ask(2, { userId: otherUser }))
      .thenRefused({ kind: 'not_found', code: 'conversation_not_found' });
  });

  it('records an answer once against its question', () => {
    spec
      .given([asked(1)])
      .when(answerCommand(1))
      .then([answered(1)]);
    spec
      .given([asked(1), answered(1)])
      .when(answerCommand(1))
      .thenNothing();
    spec.given([]).when(answerCommand(1)).thenNothing();
  });

  it('pairs each answer with its own question when two arrive out of order', () => {
    const state = spec.given([asked(1), asked(2), answered(2), answered(1)]).state;
    const turns = state.conversations[0]!.turns;
    expect(turns.map((t) => [t.question, t.answer?.response])).toEqual([
      ['pregunta 1', 'Respuesta.'],
      ['pregunta 2', 'Respuesta.'],
    ]);
    expect(state.conversations[0]!.offeredTicket).toBe(true);
  });

  it('still reads conversations stored as whole exchanges', () => {
    const state = spec.given([
      {
        type: 'ChatExchanged',
        data: {
          conversationId,
          userId,
          question: 'pregunta vieja',
          answer,
          offerTicket: false,
          answeredBy: 'triage',
          language: 'es',
          at: minutesBefore(5),
        },
      },
    ]).state;
    expect(state.askedAt).toEqual([minutesBefore(5)]);
    expect(state.conversations[0]!.turns[0]).toMatchObject({
      question: 'pregunta vieja',
      answer,
      answeredBy: 'triage',
    });
  });
});
