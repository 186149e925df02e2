/** The scope every connected app gets: check the user's access to a tool and count a use. */
export const TOOLS_SCOPE = 'tools:use';

/** Lifetime of an access token (RFC 9068 JWT): short, since access verifies it offline. */
export const ACCESS_TOKEN_SECONDS = 10 * 60;

/**
 * The protected resources (RFC 8707) tokens are issued for: the tool API for GPT Actions (the
 * default when a client names none) and the MCP endpoint, which MCP clients name. A token's
 * `aud` is the one it was asked for.
 */
export function oauthResources(origin: string) {
  const gpt = `${origin}/api/gpt`;
  const mcp = `${origin}/api/gpt/mcp`;
  return { default: gpt, all: [gpt, mcp] as readonly string[] };
}
export type OAuthResources = ReturnType<typeof oauthResources>;
