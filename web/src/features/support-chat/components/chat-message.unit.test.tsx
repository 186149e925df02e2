import { chatCategories, chatSeverities } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import { decode, renderHtml } from '@/test/render';
import { severityAppearance } from './chat-appearance';
import { ChatMessage } from './chat-message';
import type { AssistantEntry } from './chat-state';

const answer: AssistantEntry = {
  id: 'm2',
  type: 'assistant',
  timestamp: new Date('2026-03-01T10:00:00Z'),
  content: 'Tu pago falló.',
  severity: 'high',
  category: 'payment',
  nextSteps: ['Revisa tu tarjeta', 'Intenta de nuevo'],
};

describe('chat badges', () => {
  it('names the categories as the spec does in Spanish', () => {
    expect(chatCategories.map((category) => es.support.category[category])).toEqual([
      'Acceso',
      'Pagos',
      'Técnico',
      'Cuenta',
      'General',
    ]);
  });

  it('warms with severity, critical in danger', () => {
    const variants = chatSeverities.map((severity) => severityAppearance[severity].variant);
    expect(new Set(variants).size).toBe(chatSeverities.length);
    expect(severityAppearance.critical.variant).toBe('danger');
  });
});

describe('an assistant message', () => {
  it('shows the severity and category badges and the numbered next steps', () => {
    const html = decode(renderHtml(<ChatMessage entry={answer} onOfferAnswer={() => {}} />, 'es'));
    expect(html).toContain('Gravedad: Alta');
    expect(html).toContain('Pagos');
    expect(html).toContain('Próximos pasos:');
    expect(html).toMatch(
      /<ol[^>]*list-decimal[^>]*><li>Revisa tu tarjeta<\/li><li>Intenta de nuevo/,
    );
  });

  it('shows no badges nor steps when the answer has none (the greeting)', () => {
    const greeting: AssistantEntry = { id: 'greeting', type: 'assistant', timestamp: new Date() };
    const html = decode(
      renderHtml(<ChatMessage entry={greeting} onOfferAnswer={() => {}} />, 'en'),
    );
    expect(html).toContain(en.support.greeting);
    expect(html).not.toContain('chat-severity');
    expect(html).not.toContain(en.support.nextSteps);
  });

  it('asks before opening a ticket', () => {
    const offered: AssistantEntry = {
      ...answer,
      offer: { conversationId: 'c', state: 'asked' },
    };
    const html = decode(renderHtml(<ChatMessage entry={offered} onOfferAnswer={() => {}} />, 'es'));
    expect(html).toContain('¿Quieres que abra un ticket con esta conversación?');
  });
});
