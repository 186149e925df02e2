import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('locale choice', () => {
  it('remembers the visitor’s choice first', () => {
    expect(pickLocale('en', ['es-MX'])).toBe('en');
  });

  it('otherwise follows the first browser language it speaks', () => {
    expect(pickLocale(null, ['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(pickLocale(null, ['es-PR'])).toBe('es');
  });

  it('defaults to Spanish', () => {
    expect(pickLocale(null, ['de-DE'])).toBe('es');
    expect(pickLocale('xx', [])).toBe('es');
  });
});
