import { readCookie, sessionCookieSettings } from '@mia/service-kit';
import type { Request, Response } from 'express';
import type { IdentityConfig } from '../config.js';
import { hashLinkToken, newLinkToken } from '../shared/link-tokens.js';

/**
 * The pending sign-in between the password and the code: an httpOnly cookie holding the user's
 * id and a random token, of which the user's stream keeps only the SHA-256. It is no session:
 * no service accepts it, and it only names a challenge the code must then complete within
 * five minutes.
 */
export interface PendingSignInCookie {
  /** A new token for a sign-in: its hash goes into StartSession, the cookie to the browser. */
  create(userId: string): { challengeHash: string; set(res: Response): void };
  /** The user and the challenge's hash the request's cookie names, or null. */
  read(req: Request): { userId: string; challengeHash: string } | null;
  clear(res: Response): void;
}

/** How long the password-checked sign-in waits for its code (the cookie's and the challenge's life). */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function pendingSignInCookie(config: IdentityConfig): PendingSignInCookie {
  const session = sessionCookieSettings(config);
  const name = session.secure ? '__Host-mia_second_factor' : 'mia_second_factor';
  const options = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: session.secure,
    path: '/',
  };
  return {
    create(userId) {
      const token = newLinkToken();
      return {
        challengeHash: hashLinkToken(token),
        set: (res) =>
          res.cookie(name, `${userId}.${token}`, { ...options, maxAge: PENDING_SIGN_IN_MS }),
      };
    },
    read(req) {
      const [userId, token] = readCookie(req.headers.cookie, name)?.split('.') ?? [];
      if (!userId || !token || !UUID.test(userId) || !TOKEN.test(token)) return null;
      return { userId, challengeHash: hashLinkToken(token) };
    },
    clear: (res) => res.clearCookie(name, options),
  };
}
