import { describe, expect, it } from 'vitest';
import { readResetToken, searchWithoutToken } from './reset-token';

describe('reset token in the address', () => {
  it('reads ?token=', () => {
    expect(readResetToken('?token=abc123', '')).toBe('abc123');
  });

  it('reads #reset=value', () => {
    expect(readResetToken('', '#reset=short')).toBe('short');
  });

  it('reads a bare hash only when longer than 20 characters', () => {
    expect(readResetToken('', `#${'a'.repeat(21)}`)).toBe('a'.repeat(21));
    expect(readResetToken('', `#${'a'.repeat(20)}`)).toBeNull();
    expect(readResetToken('', '#pricing')).toBeNull();
  });

  it('prefers the query parameter and ignores empty values', () => {
    expect(readResetToken('?token=fromquery', '#reset=fromhash')).toBe('fromquery');
    expect(readResetToken('?token=', '#reset=')).toBeNull();
    expect(readResetToken('', '')).toBeNull();
  });

  it('removes only the token from the search string', () => {
    expect(searchWithoutToken('?token=abc')).toBe('');
    expect(searchWithoutToken('?a=1&token=abc&b=2')).toBe('?a=1&b=2');
  });
});
