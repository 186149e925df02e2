import { hashLinkToken, linkUrl, newLinkToken } from '../shared/link-tokens.js';

/** A reset link's secret: 256 random bits, URL-safe. */
export const newResetToken = newLinkToken;

/** What is stored and looked up: the token's SHA-256 in hex. */
export const hashResetToken = hashLinkToken;

/** The link the mail carries; the web's auth screen reads `?token=`. */
export const resetUrl = (publicOrigin: string, token: string): string =>
  linkUrl(publicOrigin, '/auth', token);
