import type { RequestHandler } from 'express';

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
    next();
  };
}
