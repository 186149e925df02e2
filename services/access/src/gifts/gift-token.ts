import { createHash, randomBytes } from 'node:crypto';

/** A claim link's secret: 256 random bits, URL-safe (it travels in the link's query). */
export const newGiftToken = (): string => randomBytes(32).toString('base64url');

/**
 * What the gift's stream keeps of a link: its SHA-256. The token has 256 bits of entropy, so a
 * fast hash is enough (nothing to guess), and a copy of the store opens no gift.
 */
export const hashGiftToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
