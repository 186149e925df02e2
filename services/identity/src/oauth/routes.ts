import type { Express, RequestHandler } from 'express';
import type { Identity } from '../identity.js';
import { interactionRoutes } from './interaction-routes.js';
import { OAUTH_MOUNT } from './provider.js';
import { asPublicOrigin } from './public-origin.js';
import { registrationGuard } from './register-guard.js';

/** RFC 8414 metadata and its OpenID twin, at the origin's root (the gateway routes both here). */
export const METADATA_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
] as const;

/**
 * Mounts the authorization server: its metadata at the root, the consent API, then
 * oidc-provider itself under /api/oauth (authorize, token, register, revoke, jwks).
 */
export function mountAuthorizationServer(app: Express, identity: Identity): void {
  const { provider } = identity.oauth;
  const callback = provider.callback();
  const publicOrigin = asPublicOrigin(identity.config.PUBLIC_ORIGIN);

  // The provider serves its discovery document below its mount; both root paths ask it there,
  // so the document's endpoint URLs carry the mount path.
  const metadata: RequestHandler = (req, res) => {
    req.url = '/.well-known/openid-configuration';
    req.originalUrl = `${OAUTH_MOUNT}/.well-known/openid-configuration`;
    callback(req, res);
  };
  app.get([...METADATA_PATHS], publicOrigin, metadata);

  app.use(OAUTH_MOUNT, publicOrigin);
  app.use(interactionRoutes(identity));
  app.use(OAUTH_MOUNT, registrationGuard(identity), (req, res) => {
    callback(req, res);
  });
}
