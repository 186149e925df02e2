import { describe, expect, it } from 'vitest';
import {
  generateSealingKeyPair,
  open,
  seal,
  SealedBoxError,
  sealedBoxSchema,
} from './sealed-box.js';

const flip = (b64: string, at = 0) => {
  const bytes = Buffer.from(b64, 'base64');
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
};

describe('sealed box', () => {
  const keys = generateSealingKeyPair();
  const text = JSON.stringify({ name: 'Pastor Juan Pérez', tickets: ['¿Cómo uso el generador?'] });

  it('opens what was sealed for the key, and the box is ciphertext only', () => {
    const box = seal(keys.publicKey, text);
    expect(sealedBoxSchema.parse(box)).toEqual(box);
    expect(JSON.stringify(box)).not.toContain('Juan');
    expect(open(keys.privateKey, box)).toBe(text);
  });

  it('seals the same text differently each time', () => {
    expect(seal(keys.publicKey, text).ciphertext).not.toBe(seal(keys.publicKey, text).ciphertext);
  });

  it.each(['ciphertext', 'tag', 'iv', 'epk'] as const)(
    'refuses a box whose %s changed',
    (field) => {
      const box = seal(keys.publicKey, text);
      // The last byte of a DER key is key material (the first is structure).
      const at = field === 'epk' ? Buffer.from(box.epk, 'base64').length - 1 : 0;
      expect(() => open(keys.privateKey, { ...box, [field]: flip(box[field], at) })).toThrow(
        SealedBoxError,
      );
    },
  );

  it('refuses another key', () => {
    const other = generateSealingKeyPair();
    expect(() => open(other.privateKey, seal(keys.publicKey, text))).toThrow(SealedBoxError);
  });

  it('refuses a public key that is not X25519', () => {
    expect(() => seal(Buffer.from('nope').toString('base64'), text)).toThrow();
  });
});
