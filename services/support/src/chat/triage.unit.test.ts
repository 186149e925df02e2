import { describe, expect, it } from 'vitest';
import { seedCatalogProducts } from '@mia/testing';
import { catalogTool } from '../catalog/catalog.js';
import {
  summarizeAccount,
  type AccountFacts,
  type GrantFact,
  type PaymentFact,
} from '../customers/account-summary.js';
import { createKnowledgeBase } from '../knowledge/knowledge-base.js';
import { detectLanguage } from './detect-language.js';
import { triage } from './triage.js';

const knowledge = createKnowledgeBase();
const now = new Date('2026-05-10T12:00:00.000Z');
const ask = (message: string, language: 'es' | 'en' = 'es', facts?: AccountFacts) =>
  triage({
    message,
    language,
    knowledge,
    account: facts ? summarizeAccount(facts, now, language) : null,
  });

const noFacts: AccountFacts = {
  name: 'Ana',
  grants: [],
  payments: [],
  subscriptions: [],
  trials: [],
  tickets: [],
  // billing's seeded catalogue, as support's projection holds it.
  tools: seedCatalogProducts().map((p) => catalogTool(p)),
};
const payment = (overrides: Partial<PaymentFact> = {}): PaymentFact => ({
  paymentId: '00000000-0000-4000-8000-000000000001',
  purposeKind: 'product',
  productId: 'manual-ceremonias',
  plan: null,
  amountCents: 999,
  currency: 'usd',
  description: 'Manual de Ceremonias',
  paidAt: new Date('2026-05-09T10:00:00.000Z'),
  failedAt: null,
  failureCode: null,
  failureMessage: null,
  refundedCents: 0,
  fullyRefunded: false,
  refundedAt: null,
  disputeStatus: null,
  updatedAt: new Date('2026-05-09T10:00:00.000Z'),
  ...overrides,
});
const grant = (overrides: Partial<GrantFact> = {}): GrantFact => ({
  grantId: 'purchase:00000000-0000-4000-8000-000000000001',
  scope: 'manual-ceremonias',
  sourceKind: 'purchase',
  sourceRef: '00000000-0000-4000-8000-000000000001',
  validFrom: new Date('2026-05-09T10:00:00.000Z'),
  validUntil: null,
  state: 'active',
  revokeReason: null,
  updatedAt: new Date('2026-05-09T10:00:00.000Z'),
  ...overrides,
});

describe('built-in triage: category and severity of typical questions', () => {
  it.each([
    ['pagué y no veo el botón Usar GPT', 'es', 'access', 'high'],
    ['Ya pagué el Manual de Ceremonias pero no puedo usar la herramienta', 'es', 'access', 'high'],
    ['I paid yesterday and I can\'t see the "Usar GPT" button', 'en', 'access', 'high'],
    ['cómo cambio mi contraseña', 'es', 'account', 'low'],
    ['How do I reset my password?', 'en', 'account', 'low'],
    ['no puedo iniciar sesión', 'es', 'account', 'medium'],
    ['me cobraron dos veces el plan mensual', 'es', 'payment', 'high'],
    ['My card was declined', 'en', 'payment', 'medium'],
    ['quiero un reembolso', 'es', 'payment', 'medium'],
    ['¿dónde encuentro mi código MIA?', 'es', 'access', 'low'],
    ['¿cuánto cuesta el plan anual?', 'es', 'general', 'low'],
    ['la página se queda en blanco y no carga', 'es', 'technical', 'medium'],
    ['Someone logged into my account, I do not recognise a charge', 'en', 'account', 'critical'],
  ] as const)('"%s" -> %s / %s / %s', (message, language, category, severity) => {
    const answer = ask(message, language);
    expect({ category: answer.category, severity: answer.severity }).toEqual({
      category,
      severity,
    });
    expect(answer.response.length).toBeGreaterThan(20);
    expect(answer.nextSteps.length).toBeGreaterThan(0);
  });

  it('answers in the language asked for, with the help article steps', () => {
    const es = ask('olvidé mi contraseña', 'es');
    expect(es.response).toContain('Forgot password?');
    expect(es.nextSteps[0]).toBe('Abre la pantalla de acceso y pulsa "Forgot password?".');
    const en = ask('I forgot my password', 'en');
    expect(en.nextSteps[0]).toBe('Open the sign-in screen and click "Forgot password?".');
  });

  it('offers a ticket when it is urgent, not for a how-to question', () => {
    expect(ask('pagué y no veo el botón Usar GPT').offerTicket).toBe(true);
    expect(ask('cómo cambio mi contraseña').offerTicket).toBe(false);
    expect(ask('quiero hablar con una persona').offerTicket).toBe(true);
  });

  it('finds an article by full-text search when no rule matches', () => {
    const answer = ask('tres días gratis');
    expect(answer.nextSteps[0]).toBe('Inicia sesión y abre la página de prueba gratuita.');
  });
});

describe('built-in triage: the asking user account explains access', () => {
  const question = 'no veo el botón Usar GPT';

  it('paid but no grant: high, says the payment was recorded, offers a ticket', () => {
    const answer = ask(question, 'es', { ...noFacts, payments: [payment()] });
    expect(answer.severity).toBe('high');
    expect(answer.offerTicket).toBe(true);
    expect(answer.response).toContain('Registramos tu pago de "Manual de Ceremonias"');
  });

  it('refunded: says so, and that a refund removes the access', () => {
    const answer = ask(question, 'es', {
      ...noFacts,
      payments: [
        payment({
          refundedCents: 999,
          fullyRefunded: true,
          refundedAt: new Date('2026-05-10T09:00:00.000Z'),
        }),
      ],
      grants: [grant({ state: 'revoked', revokeReason: 'refund' })],
    });
    expect(answer.response).toContain('fue reembolsado');
    expect(answer.severity).toBe('medium');
  });

  it('payment failed: names the decline', () => {
    const answer = ask(question, 'en', {
      ...noFacts,
      payments: [
        payment({
          paidAt: null,
          failedAt: new Date('2026-05-10T08:00:00.000Z'),
          failureCode: 'card_declined',
          failureMessage: 'Your card was declined.',
        }),
      ],
    });
    expect(answer.response).toContain(
      'did not go through (card_declined: Your card was declined.)',
    );
  });

  it('trial ended: says when', () => {
    const answer = ask(question, 'es', {
      ...noFacts,
      grants: [
        grant({
          scope: 'all',
          sourceKind: 'trial',
          sourceRef: 't1',
          validUntil: new Date('2026-05-08T10:00:00.000Z'),
        }),
      ],
    });
    expect(answer.response).toMatch(/prueba gratuita de 3 días terminó el 8 de mayo de 2026/);
  });

  it('nothing bought: says so', () => {
    expect(ask(question, 'es', noFacts).response).toContain('todavía no tiene ninguna herramienta');
  });

  it('access is active: says until when and that the button should show', () => {
    const answer = ask('pagué y no veo el botón Usar GPT', 'es', {
      ...noFacts,
      payments: [payment()],
      grants: [grant()],
    });
    expect(answer.response).toContain(
      'Tienes acceso de por vida a: Manual de Ceremonias Ministeriales.',
    );
    expect(answer.severity).toBe('medium');
  });
});

describe('language of a message', () => {
  it.each([
    ['pagué y no veo el botón', 'es'],
    ['¿cómo cambio mi contraseña?', 'es'],
    ['I paid and I cannot see the button', 'en'],
    ['How do I change my password?', 'en'],
    ['GPT', undefined],
  ] as const)('"%s" -> %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
