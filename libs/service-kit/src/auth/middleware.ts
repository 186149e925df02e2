import type { Request, RequestHandler } from 'express';
import { unauthorized } from '../http/errors.js';
import { noStore } from '../http/no-store.js';
import { assertStaff } from './admin-access.js';
import { readCookie } from './cookie.js';
import { sessionUserOf, type SessionClaims, type SessionUser } from './claims.js';
import type { SessionVerifier } from './verifier.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in caller, set by requireUser / requireAdmin / optionalUser. */
      user?: SessionUser;
      /** The verified session token's claims (for logout, re-authentication checks). */
      sessionClaims?: SessionClaims;
    }
  }
}

export interface SessionAuthOptions {
  verifier: SessionVerifier;
  /** sessionCookieSettings(config).name: `mia_session`, or `__Host-mia_session` when secure. */
  cookieName: string;
}

export interface SessionAuth {
  /** The session token of a request: `Authorization: Bearer` (services, benchmarks), else the cookie. */
  readToken(req: Request): string | undefined;
  /** Verifies the request's token and sets req.user; null when absent, invalid or revoked. */
  authenticate(req: Request): Promise<SessionUser | null>;
  /** Sets req.user when a valid session is present; never refuses. */
  optionalUser: RequestHandler;
  /** 401 `{ message: 'Unauthorized' }` without a valid session. */
  requireUser: RequestHandler;
  /**
   * 401 without a valid session, 403 `{ message: 'Forbidden' }` unless the role is admin, 403
   * `second_factor_required` unless the session was made with a second factor.
   */
  requireAdmin: RequestHandler;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createSessionAuth({ verifier, cookieName }: SessionAuthOptions): SessionAuth {
  const readToken = (req: Request) => {
    const bearer = BEARER.exec(req.headers.authorization ?? '');
    return bearer?.[1] ?? readCookie(req.headers.cookie, cookieName);
  };

  async function authenticate(req: Request): Promise<SessionUser | null> {
    if (req.user) return req.user;
    const token = readToken(req);
    if (!token) return null;
    const claims = await verifier.verify(token);
    if (!claims) return null;
    req.sessionClaims = claims;
    req.user = sessionUserOf(claims);
    return req.user;
  }

  return {
    readToken,
    authenticate,
    optionalUser: async (req, _res, next) => {
      await authenticate(req);
      next();
    },
    requireUser: async (req, res, next) => {
      noStore(res);
      if (!(await authenticate(req))) throw unauthorized();
      next();
    },
    requireAdmin: async (req, res, next) => {
      noStore(res);
      assertStaff(await authenticate(req));
      next();
    },
  };
}
