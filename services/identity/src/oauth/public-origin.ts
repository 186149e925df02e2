import type { RequestHandler } from 'express';

/** oidc-provider's session cookie (and its `.sig` / `.legacy` companions). */
const PROVIDER_SESSION_COOKIE = '_session';

/**
 * The authorization server speaks as the public origin whatever address reached identity (the
 * gateway, a test, a replica's own port): the issuer, every URL in its metadata and redirects,
 * and whether its cookies are Secure follow PUBLIC_ORIGIN, never a Host header that whoever
 * sends the request chooses.
 */
export function asPublicOrigin(publicOrigin: string): RequestHandler {
  const url = new URL(publicOrigin);
  const proto = url.protocol.slice(0, -1);
  return (req, _res, next) => {
    req.headers.host = url.host;
    req.headers['x-forwarded-proto'] = proto;
    delete req.headers['x-forwarded-host'];
    // The store's session is the only sign-in: the provider's own session cookie is never read,
    // so a browser shared by two store accounts can never resume as the one who left.
    const cookie = req.headers.cookie;
    if (cookie) {
      req.headers.cookie = cookie
        .split(';')
        .filter((pair) => !pair.trim().startsWith(PROVIDER_SESSION_COOKIE))
        .join(';');
    }
    next();
  };
}
