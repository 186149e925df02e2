import {
  createSessionSigner,
  sessionCookieSettings,
  type SessionClaims,
  type SessionRole,
} from '@mia/service-kit';
import type { Response } from 'express';
import type { IdentityConfig } from '../config.js';

/** A login session as tokens need it. */
export interface SessionFacts {
  sessionId: string;
  /** Absolute end of the session. */
  expiresAt: Date;
  /** When the user proved who they are (the sign-in); defaults to now. */
  authTime?: Date;
  /** How they proved it (the token's `amr`); password alone when absent. */
  amr?: readonly string[];
}

export interface TokenSubject {
  id: string;
  role: SessionRole;
  email: string;
  name: string;
}

export interface IssuedToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface SessionTokens {
  /** A token of the session: idle lifetime from now, never past the session's absolute end. */
  issue(user: TokenSubject, session: SessionFacts): Promise<IssuedToken>;
  /** True once less than half of the idle lifetime is left: GET /api/user re-issues then. */
  needsRefresh(claims: SessionClaims): boolean;
  setCookie(res: Response, issued: IssuedToken): void;
  clearCookie(res: Response): void;
}

/**
 * Set and cleared with the session cookie, readable by the page and holding nothing secret:
 * it tells the web whether asking GET /api/user is worth it, so anonymous pages make no
 * request that can only answer 401. It proves nothing; the session cookie does.
 */
export const SIGNED_IN_HINT_COOKIE = 'mia_signed_in';

/**
 * Session tokens and their cookie: httpOnly (scripts never see it), SameSite=Lax (not sent
 * on cross-site POSTs), Secure and `__Host-` prefixed when served over HTTPS, and expiring
 * with the token so the browser forgets it at the same time. The signed-in hint follows it.
 */
export function createSessionTokens(
  config: IdentityConfig,
  now: () => number = Date.now,
): SessionTokens {
  const idleSec = config.SESSION_IDLE_MINUTES * 60;
  const cookie = sessionCookieSettings(config);
  const sign = createSessionSigner({
    privateKeyPem: config.JWT_PRIVATE_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ttlSeconds: idleSec,
    now,
  });
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookie.secure,
    path: '/',
  };

  return {
    async issue(user, session) {
      const { token, expiresAt } = await sign({
        userId: user.id,
        role: user.role,
        email: user.email,
        name: user.name,
        sessionId: session.sessionId,
        authTime: Math.floor((session.authTime?.getTime() ?? now()) / 1000),
        amr: session.amr ?? ['pwd'],
        expiresAt: Math.floor(session.expiresAt.getTime() / 1000),
      });
      return { token, expiresAt };
    },
    needsRefresh: (claims) => claims.exp - now() / 1000 < idleSec / 2,
    setCookie(res, issued) {
      const maxAge = Math.max(0, issued.expiresAt * 1000 - now());
      res.cookie(cookie.name, issued.token, { ...cookieOptions, maxAge });
      res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge });
    },
    clearCookie(res) {
      res.clearCookie(cookie.name, cookieOptions);
      res.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions, httpOnly: false });
    },
  };
}

/**
 * Signs the session's token into the cookie and answers with the user (sign-in, registration,
 * password change): `view` is the browser API's user object, `extra` fields the answer adds
 * (the development-only verification token).
 */
export async function answerSignedIn(
  tokens: SessionTokens,
  res: Response,
  view: TokenSubject,
  session: SessionFacts,
  status = 200,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const issued = await tokens.issue(view, session);
  tokens.setCookie(res, issued);
  res.status(status).json({ ...view, ...extra });
}
