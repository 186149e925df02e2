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
    const garbled = illFormedField(req.body);
    if (garbled) {
      res.status(400).json({
        error: 'invalid_client_metadata',
        error_description: `${garbled}: must be well-formed Unicode text`,
      });
      return;
    }
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

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first field of a registration whose text is not well-formed Unicode (a lone UTF-16
 * surrogate such as "\udb29"), by its path. oidc-provider would fail on it with a 500 when it
 * stores the client.
 */
export function illFormedField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = illFormedField(item, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const where = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return where;
      const found = illFormedField(item, where);
      if (found) return found;
    }
  }
  return undefined;
}
