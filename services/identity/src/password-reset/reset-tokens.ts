import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe (43 characters: also above the spec's 20-character hash rule). */
export const newResetToken = (): string => randomBytes(32).toString('base64url');

/** What is stored and looked up: the token's SHA-256 in hex. A fast hash suffices for 256 random bits. */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** The link the mail carries; the web's auth screen reads `?token=`. */
export const resetUrl = (publicOrigin: string, token: string): string => {
  const url = new URL('/auth', publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
};
