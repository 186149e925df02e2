import { Router } from 'express';
import type { Access } from '../access.js';
import type { Challenges } from './gpt-auth.js';
import { GPT_RESOURCE_PATH, MCP_RESOURCE_PATH, resourceUrl, TOOLS_SCOPE } from './user-tokens.js';

/** RFC 9728 metadata of the tool API (the GPT Action's resource). */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
/** RFC 9728's path-suffixed metadata of the MCP server (`/api/gpt/mcp`). */
export const MCP_PROTECTED_RESOURCE_PATH = `${PROTECTED_RESOURCE_PATH}${MCP_RESOURCE_PATH}`;

/** A resource's metadata: who issues its tokens, which scope, how tokens are sent. */
export const protectedResourceMetadata = (publicOrigin: string, resourcePath: string) => ({
  resource: resourceUrl(publicOrigin, resourcePath),
  authorization_servers: [publicOrigin],
  scopes_supported: [TOOLS_SCOPE],
  bearer_methods_supported: ['header'],
});

/**
 * The MCP server's challenges (MCP authorization, RFC 9728 §5.1): each 401 points at the
 * metadata, from which an MCP client discovers the authorization server and signs the user in.
 */
export function mcpChallenges(publicOrigin: string): Challenges {
  const metadata = `resource_metadata="${resourceUrl(publicOrigin, MCP_PROTECTED_RESOURCE_PATH)}"`;
  return {
    missing: `Bearer ${metadata}`,
    invalidToken: `Bearer error="invalid_token", ${metadata}`,
    invalidKey: `Bearer error="invalid_token", ${metadata}`,
  };
}

/**
 * Serves the tool API's Protected Resource Metadata on the public origin (the gateway routes
 * `/.well-known/oauth-protected-resource*` here, path unchanged). Public documents, read by
 * MCP clients running in browsers too: any origin may read them.
 */
export function protectedResourceRoutes(access: Access): Router {
  const router = Router();
  const origin = access.config.PUBLIC_ORIGIN;
  const documents: Record<string, unknown> = {
    [PROTECTED_RESOURCE_PATH]: protectedResourceMetadata(origin, GPT_RESOURCE_PATH),
    [MCP_PROTECTED_RESOURCE_PATH]: protectedResourceMetadata(origin, MCP_RESOURCE_PATH),
  };
  for (const [path, document] of Object.entries(documents)) {
    router.get(path, (_req, res) => {
      res.set('access-control-allow-origin', '*').set('cache-control', 'public, max-age=300');
      res.json(document);
    });
  }
  return router;
}
