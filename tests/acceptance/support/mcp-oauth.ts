import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { target } from './context.js';

/**
 * Where the consent sends the browser back: a native client's loopback address, which nothing
 * listens on (the suite's browser stands a page in for any address off the target and keeps the
 * URL, so the code is read from it).
 */
const REDIRECT_URL = 'http://127.0.0.1:9/callback';

/**
 * What an MCP client keeps between runs (its registration, the PKCE verifier, its tokens), in
 * memory. The SDK drives the flow; this only stores, and records where it was sent to sign in.
 */
export class McpAuthorisation implements OAuthClientProvider {
  readonly redirectUrl = REDIRECT_URL;
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  private sentTo: URL | undefined;

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'acceptance-mcp',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.sentTo = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }

  /** The authorisation URL the SDK asked the person to open. */
  authorizationUrl(): URL {
    if (!this.sentTo) throw new Error('the MCP client never asked to sign in');
    return this.sentTo;
  }

  accessToken(): string {
    if (!this.saved) throw new Error('the MCP client holds no token');
    return this.saved.access_token;
  }
}

/**
 * fetch for the client: addresses on the deployment's public origin are sent to the address the
 * tester uses (they may differ, as in compose's acceptance container), as the browser does.
 */
export const publicFetch: typeof fetch = (input, init) => {
  const { baseUrl, publicOrigin } = target();
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (url.origin === publicOrigin && publicOrigin !== new URL(baseUrl).origin) {
    const local = new URL(`${url.pathname}${url.search}`, baseUrl);
    return input instanceof Request ? fetch(new Request(local, input), init) : fetch(local, init);
  }
  return fetch(input, init);
};
