import { describe, expect, it } from 'vitest';
import { langOf, limitMessage, verdictMessage } from './messages.js';

describe('verdict messages', () => {
  it('are Spanish unless English is preferred', () => {
    expect(langOf(undefined)).toBe('es');
    expect(langOf('en-US,en;q=0.9')).toBe('en');
    expect(langOf('es-MX,en;q=0.5')).toBe('es');
    expect(langOf('fr-FR')).toBe('es');
  });

  it('say what to do next, with the end date when there is one', () => {
    expect(verdictMessage('granted', 'Diccionario Bíblico', '2026-04-01T00:00:00.000Z')).toBe(
      'Acceso verificado: puedes usar Diccionario Bíblico. Tu acceso es válido hasta el 1 de abril de 2026.',
    );
    expect(verdictMessage('expired', 'Diccionario Bíblico', '2026-04-01T00:00:00.000Z', 'en')).toBe(
      'Your access to Diccionario Bíblico ended on April 1, 2026. Renew your plan or buy the tool from your dashboard.',
    );
  });

  it('say when a spent verification budget lets the GPT try again, in both languages', () => {
    expect(limitMessage('code', 3)).toBe(
      'Este código de acceso se ha verificado demasiadas veces en poco tiempo. Vuelve a intentarlo en 3 s.',
    );
    expect(limitMessage('failures', 12, 'en')).toBe(
      'Too many wrong access codes. Wait 12 s and check your code on your Ministerio IA dashboard.',
    );
    expect(limitMessage('key', 1, 'en')).toBe(
      'Too many verifications right now. Try again in 1 s.',
    );
    expect(limitMessage('user', 4)).toBe(
      'Tu acceso se ha verificado demasiadas veces en poco tiempo. Vuelve a intentarlo en 4 s.',
    );
    expect(limitMessage('client', 4, 'en')).toBe(
      'Too many verifications right now. Try again in 4 s.',
    );
  });
});
