import type { RequestHandler } from 'express';
import { API_ERROR_CODES } from '@mia/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(req: { headers: Record<string, string | string[] | undefined> }) {
  const origin = req.headers.origin;
  if (typeof origin === 'string') return origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string') return undefined;
  // A Referer that is not a URL tells us nothing trustworthy: treat it as foreign.
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), on top of the
 * SameSite session cookie. Allowed: no Origin/Referer at all (not a browser: curl, services,
 * webhooks), or an origin in `allowedOrigins` (PUBLIC_ORIGIN, ALLOWED_ORIGINS). Never "the
 * origin of the Host header": whoever sends the request chooses both, so that proves nothing.
 */
export function rejectCrossOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => (URL.canParse(o) ? new URL(o).origin : o)));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = originOf(req);
    if (origin === undefined || allowed.has(origin)) return next();
    res.status(403).json({
      message: 'Cross-origin request refused',
      code: API_ERROR_CODES.crossOrigin,
    });
  };
}
