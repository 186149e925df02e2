import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface CodeVault {
  /** Lookup key of a canonical code: HMAC-SHA256, so a copy of the table cannot be brute-forced without the secret. */
  hash(code: string): string;
  /** The code under AES-256-GCM, bound to its owner (a row copied to another user fails to open). */
  seal(code: string, userId: string): string;
  open(sealed: string, userId: string): string;
}

const derive = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'mia-access-codes', info, 32));

/**
 * Keeps access codes out of reach of anyone who reads the database alone: only the service,
 * holding ACCESS_CODE_SECRET, can find a user by code or show a user their own code.
 */
export function createCodeVault(secret: string): CodeVault {
  const hmacKey = derive(secret, 'lookup');
  const encKey = derive(secret, 'encryption');
  return {
    hash: (code) => createHmac('sha256', hmacKey).update(code).digest('base64url'),
    seal(code, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, userId) {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
