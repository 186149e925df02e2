import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED, isSealed, openField, PersonalDataError, sealField } from './personal-data.js';

const subject = 'c0ffee00-0000-4000-8000-000000000001';
const other = 'c0ffee00-0000-4000-8000-000000000002';
const text = 'Pastor Juan Pérez <juan@iglesia.example>';

describe('a sealed personal field', () => {
  const key = randomBytes(32);

  it('opens with its subject key, and holds no plaintext', () => {
    const sealed = sealField(key, subject, text);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('Juan');
    expect(Buffer.from(sealed.slice(5), 'base64url').toString('latin1')).not.toContain('juan');
    expect(openField(key, subject, sealed)).toBe(text);
  });

  it('is different each time (fresh IV), so equal values cannot be matched', () => {
    expect(sealField(key, subject, text)).not.toBe(sealField(key, subject, text));
  });

  it('reads as erased once the key is gone', () => {
    expect(openField(null, subject, sealField(key, subject, text))).toBe(ERASED);
  });

  it('passes text stored in clear through (records written before sealing)', () => {
    expect(openField(key, subject, 'plain text')).toBe('plain text');
    expect(openField(null, subject, 'plain text')).toBe('plain text');
  });

  it('refuses a value copied onto another subject, another key, or altered', () => {
    const sealed = sealField(key, subject, text);
    expect(() => openField(key, other, sealed)).toThrow(PersonalDataError);
    expect(() => openField(randomBytes(32), subject, sealed)).toThrow(PersonalDataError);
    const bytes = Buffer.from(sealed.slice(5), 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => openField(key, subject, `pii1.${bytes.toString('base64url')}`)).toThrow(
      PersonalDataError,
    );
    expect(() => openField(key, subject, 'pii1.AAAA')).toThrow(PersonalDataError);
  });

  it('needs a 32-byte key', () => {
    expect(() => sealField(randomBytes(16), subject, text)).toThrow(PersonalDataError);
  });
});
