import { createHash, randomBytes } from 'node:crypto';

// The secrets of mailed links (password reset, e-mail verification): whoever holds the link
// may act once, so only the token's hash is ever stored.

/** 256 random bits, URL-safe (43 characters: also above the spec's 20-character hash rule). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** What is stored and looked up: the token's SHA-256 in hex. A fast hash suffices for 256 random bits. */
export const hashLinkToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** `https://origin/<path>?token=<token>`: the web screen of `path` reads `?token=`. */
export const linkUrl = (publicOrigin: string, path: string, token: string): string => {
  const url = new URL(path, publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
};
