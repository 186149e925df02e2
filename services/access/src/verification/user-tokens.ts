import {
  createAccessTokenVerifier,
  type AccessTokenVerifier,
  type GrantRevocationList,
} from '@mia/service-kit';
import type { AccessConfig } from '../config.js';

/** The scope a connected app needs to check the user's access and count their uses. */
export const TOOLS_SCOPE = 'tools:use';
/** The GPT Action's resource (RFC 8707): the default audience of a user access token. */
export const GPT_RESOURCE_PATH = '/api/gpt';
/** The MCP server's resource: the audience MCP clients ask for. */
export const MCP_RESOURCE_PATH = '/api/gpt/mcp';

export const resourceUrl = (publicOrigin: string, path: string): string =>
  new URL(path, publicOrigin).href;

/**
 * The tool API's check of user access tokens: issued by identity's authorization server (the
 * public origin, with the session key), for either of the tool API's resources, with
 * `tools:use`, of a grant not revoked (the list fed by OAuthGrantRevoked).
 */
export function createUserTokens(
  config: Pick<AccessConfig, 'PUBLIC_ORIGIN' | 'JWT_PUBLIC_KEY'>,
  grants: GrantRevocationList,
): AccessTokenVerifier {
  return createAccessTokenVerifier({
    publicKeyPem: config.JWT_PUBLIC_KEY,
    issuer: config.PUBLIC_ORIGIN,
    audiences: [GPT_RESOURCE_PATH, MCP_RESOURCE_PATH].map((path) =>
      resourceUrl(config.PUBLIC_ORIGIN, path),
    ),
    requiredScope: TOOLS_SCOPE,
    isGrantRevoked: grants.isRevoked,
  });
}
