import { describe, expect, it } from 'vitest';
import { languageFromHeader, requestLanguage } from './language.js';

describe('request language', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5,es;q=0.8', 'es'],
    ['de-DE', undefined],
    ['en;q=0', undefined],
    [undefined, undefined],
  ] as const)('Accept-Language %s -> %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('?lang= wins, then the header, then Spanish', () => {
    expect(requestLanguage({ query: { lang: 'en' }, headers: { 'accept-language': 'es' } })).toBe(
      'en',
    );
    expect(requestLanguage({ query: { lang: 'xx' }, headers: { 'accept-language': 'en' } })).toBe(
      'en',
    );
    expect(requestLanguage({ query: {}, headers: {} })).toBe('es');
  });
});
