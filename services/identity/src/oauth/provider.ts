import type { Logger, Sql } from '@mia/service-kit';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { IdentityConfig } from '../config.js';
import { postgresAdapter } from './adapter.js';
import type { RevokeReason } from './connection-decider.js';
import {
  ACCESS_TOKEN_SECONDS,
  oauthResources,
  TOOLS_SCOPE,
  type OAuthResources,
} from './resources.js';
import { signingJwk } from './signing-key.js';

/** Where oidc-provider is mounted in identity's app; its endpoints are below it. */
export const OAUTH_MOUNT = '/api/oauth';

/** The browser lands here for consent (interaction); identity sends it on to the SPA. */
export const interactionPath = (uid: string) => `${OAUTH_MOUNT}/interaction/${uid}`;

export interface AuthorizationServerHooks {
  /** A grant was revoked inside the provider (refresh token reuse, RFC 7009 revocation). */
  grantRevoked(grantId: string, reason: RevokeReason): Promise<void>;
  /** A token was issued for a grant (code exchange or refresh): the app was used. */
  grantUsed(grantId: string): Promise<void>;
}

/**
 * Every authorization request goes through the store's consent interaction, even when the
 * provider still has a session: the signed-in store account decides who the user is (not a
 * provider session that may belong to someone who signed out since), and the SPA moves a
 * remembered consent on at once. A resumed request carries the interaction's result.
 */
function alwaysAskPolicy() {
  const { Check, base } = interactionPolicy;
  const policy = base();
  const login = policy.get('login');
  login?.checks.add(
    new Check('store_session', 'the store account decides who signs in', (ctx) =>
      ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
    ),
  );
  return policy;
}

const revokeReasonOf = (ctx: KoaContextWithOIDC): RevokeReason =>
  // The token endpoint revokes a grant only when a used refresh token comes back.
  ctx.oidc.route === 'token' ? 'refresh_reuse' : 'user';

/**
 * The OAuth 2.1 authorization server (oidc-provider, OpenID certified): authorization code with
 * PKCE S256 for every client, rotating refresh tokens with reuse detection, RFC 9068 JWT access
 * tokens for the tool API (RFC 8707 resources), dynamic registration (RFC 7591), revocation
 * (RFC 7009). Everything else the library can do is off. See ADR 0017.
 */
export function createAuthorizationServer(
  config: IdentityConfig,
  sql: Sql,
  hooks: AuthorizationServerHooks,
  logger: Logger,
): { provider: Provider; resources: OAuthResources } {
  const resources = oauthResources(config.PUBLIC_ORIGIN);
  const refreshSeconds = config.OAUTH_REFRESH_TOKEN_DAYS * 24 * 3600;
  const configuration: Configuration = {
    adapter: postgresAdapter(sql),
    clients: config.OAUTH_CLIENTS.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      client_name: c.name,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: c.tokenEndpointAuthMethod,
    })),
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    },
    jwks: { keys: [signingJwk(config.JWT_PRIVATE_KEY)] },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    cookies: { keys: config.OAUTH_COOKIE_KEYS },
    responseTypes: ['code'],
    scopes: [TOOLS_SCOPE, 'offline_access'],
    claims: { openid: ['sub'] },
    // OAuth 2.1: PKCE for every client, confidential ones too (the library only knows S256).
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/token',
      registration: '/register',
      revocation: '/revoke',
      jwks: '/jwks',
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      registrationManagement: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      claimsParameter: { enabled: false },
      // On by default in the library: sender-constrained tokens would carry a `cnf` access does
      // not check, and pushed requests are not something our clients use.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? resources.default,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!resources.all.includes(resource)) throw new errors.InvalidTarget();
          return {
            scope: TOOLS_SCOPE,
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // Refresh tokens for every client allowed them (GPT Actions never ask for offline_access),
    // rotated on each use; a connection outlives the browser session that made it.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      Grant: refreshSeconds,
      Interaction: 3600,
      Session: 3600,
      RefreshToken: refreshSeconds,
    },
    // The connection a token belongs to: what a user revokes, and what access refuses.
    // (Client credentials tokens, which carry no grant, are not enabled.)
    extraTokenClaims: (_ctx, token) => ('grantId' in token ? { gid: token.grantId } : undefined),
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // An authorization the provider cannot send back to the client (unknown client, a redirect
    // URI not registered) ends here. The library's page is English HTML; identity answers the
    // error as JSON instead (no copy of its own outside the SPA's catalogue).
    renderError: (ctx, out) => {
      ctx.type = 'application/json';
      ctx.body = out;
    },
    interactions: {
      url: (_ctx, interaction) => `${config.PUBLIC_ORIGIN}${interactionPath(interaction.uid)}`,
      policy: alwaysAskPolicy(),
    },
  };
  const provider = new Provider(config.PUBLIC_ORIGIN, configuration);
  // identity rewrites Host and X-Forwarded-Proto to PUBLIC_ORIGIN's before the provider sees a
  // request (public-origin.ts): its URLs and cookie flags are the public ones.
  provider.proxy = true;

  provider.on('grant.revoked', (ctx: KoaContextWithOIDC, grantId: string) => {
    hooks.grantRevoked(grantId, revokeReasonOf(ctx)).catch((err: unknown) => {
      logger.error({ err, grantId }, 'could not record the revoked grant');
    });
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const token = ctx.oidc.entities.AccessToken;
    const grantId = token && 'grantId' in token ? token.grantId : undefined;
    if (!grantId) return;
    hooks.grantUsed(grantId).catch((err: unknown) => {
      logger.warn({ err, grantId }, 'could not note the connection as used');
    });
  });
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => {
    logger.error({ err }, 'authorization server error');
  });
  return { provider, resources };
}
