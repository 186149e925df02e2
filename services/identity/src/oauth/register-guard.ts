import type { RequestHandler } from 'express';
import type { Identity } from '../identity.js';
import { redirectUriProblem } from '../shared/redirect-uris.js';

/**
 * Before oidc-provider sees a dynamic registration (RFC 7591): it counts against the client
 * IP's limit (open registration is otherwise free to flood), and its redirect URIs must be
 * https or loopback http (the provider then compares them exactly at each authorization).
 */
export function registrationGuard(identity: Pick<Identity, 'limits'>): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/register') return next();
    await identity.limits.check('oauth-register', req.ip);
    const uris: unknown = (req.body as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    const list = Array.isArray(uris) ? uris : [];
    for (const uri of list) {
      const problem = typeof uri === 'string' ? redirectUriProblem(uri) : 'must be a string';
      if (problem) {
        res.status(400).json({
          error: 'invalid_redirect_uri',
          error_description: `redirect_uris: ${String(uri)} ${problem}`,
        });
        return;
      }
    }
    next();
  };
}
