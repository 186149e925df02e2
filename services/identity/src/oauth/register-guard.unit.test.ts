import { describe, expect, it } from 'vitest';
import { illFormedField } from './register-guard.js';

describe('a dynamic registration with text that is not well-formed Unicode', () => {
  it('names the field with a lone surrogate (the route fuzzer found a 500 there)', () => {
    expect(illFormedField({ client_name: 'GPT \udb29' })).toBe('client_name');
    expect(illFormedField({ redirect_uris: ['https://a.example/cb', 'https://b\ud800'] })).toBe(
      'redirect_uris[1]',
    );
    expect(illFormedField({ contacts: { '\udfff': 'x' } })).toBe('contacts.\udfff');
  });

  it('passes ordinary text, accents and emoji included', () => {
    expect(
      illFormedField({
        client_name: 'Sermones ✝️ Pastor Peña 🙏',
        redirect_uris: ['https://a/cb'],
      }),
    ).toBeUndefined();
    expect(illFormedField(undefined)).toBeUndefined();
  });
});
