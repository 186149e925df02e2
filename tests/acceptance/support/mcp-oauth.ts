import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { target } from './context.js';

export class McpAuthorisation implements OAuthClientProvider {
  /** Where the consent sends the browser back: the client's loopback listener (see below). */
  constructor(readonly redirectUrl: string) {}
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  private sentTo: URL | undefined;

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'acceptance-mcp',
      redirect_uris: [this.redirectUrl],
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

/**
 * A native client's redirect listener on loopback (RFC 8252): it answers the browser's return
 * and hands over the authorisation code.
 */
export async function loopbackRedirect(): Promise<{
  url: string;
  code: Promise<string>;
  close(): void;
}> {
  let deliver: (code: string) => void = () => undefined;
  let refuse: (err: Error) => void = () => undefined;
  const code = new Promise<string>((resolve, reject) => {
    deliver = resolve;
    refuse = reject;
  });
  const server = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><title>Connected</title><p>You may close this tab.</p>',
    );
    const given = params.get('code');
    if (given) deliver(given);
    else refuse(new Error(`the browser came back without a code: ${req.url}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/callback`, code, close: () => server.close() };
}
