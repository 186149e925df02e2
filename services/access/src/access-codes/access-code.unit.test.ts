import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_BITS,
  generateAccessCode,
  normalizeAccessCode,
} from './access-code.js';
import { createCodeVault } from './code-vault.js';

describe('access codes', () => {
  it('carry at least 50 bits from an alphabet without look-alikes', () => {
    expect(ACCESS_CODE_BITS).toBeGreaterThanOrEqual(50);
    for (const confusable of '01ILOU') expect(ACCESS_CODE_ALPHABET).not.toContain(confusable);
    const code = generateAccessCode();
    expect(code).toMatch(/^MIA-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(new Set(Array.from({ length: 200 }, () => generateAccessCode())).size).toBe(200);
  });

  it('read back however a person types them', () => {
    const code = generateAccessCode(() => 0);
    expect(code).toBe('MIA-2222-2222-2222');
    for (const typed of [
      'mia-2222-2222-2222',
      ' 2222 2222 2222 ',
      'MIA222222222222',
      '2222-2222-2222',
    ])
      expect(normalizeAccessCode(typed)).toBe(code);
    for (const wrong of ['', 'MIA-2222-2222', 'MIA-2222-2222-222O', 'MIA-1111-2222-3333'])
      expect(normalizeAccessCode(wrong)).toBeNull();
  });
});

describe('the code vault', () => {
  const vault = createCodeVault('a-test-secret-that-is-long-enough-for-hkdf');

  it('opens what it sealed, only for the same user', () => {
    const sealed = vault.seal('MIA-2222-3333-4444', 'user-a');
    expect(sealed).not.toContain('2222');
    expect(vault.open(sealed, 'user-a')).toBe('MIA-2222-3333-4444');
    expect(() => vault.open(sealed, 'user-b')).toThrow();
  });

  it('hashes with the secret: another secret gives another lookup key', () => {
    const other = createCodeVault('another-secret-that-is-long-enough-for-hkdf');
    expect(vault.hash('MIA-2222-3333-4444')).toBe(vault.hash('MIA-2222-3333-4444'));
    expect(vault.hash('MIA-2222-3333-4444')).not.toBe(other.hash('MIA-2222-3333-4444'));
  });
});
