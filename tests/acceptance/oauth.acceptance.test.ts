import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import { productOf, readDashboard } from './support/app.js';
import { eventually, useBrowser } from './support/browser.js';
import { target } from './support/context.js';
import { McpAuthorisation, publicFetch } from './support/mcp-oauth.js';
import { signUp, verifyEmail } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'apocalipsis';

interface ConnectedApps {
  apps: Array<{ id: string; clientName: string; connectedAt: string; lastUsedAt: string | null }>;
}

/**
 * The official MCP SDK client, given nothing but the tool server's public URL: it learns where
 * to sign in from the 401, registers itself, sends the person to the consent screen with PKCE,
 * exchanges the code and calls the tool. No code is pasted anywhere.
 */
describe('a tool signed in with OAuth', () => {
  it('an MCP client starting from the MCP URL alone checks the access of a tool the person holds; after Revocar its calls get 401', async (ctx) => {
    const { person, api } = await signUp('oauth');
    const verified = await verifyEmail(api, person.email);
    if (verified !== true) return ctx.skip(verified);
    // The trial opens every tool (billing hears of the verified address a moment later).
    await eventually(async () => (await api.post('/api/trial/start')).status).toBe(200);
    await eventually(async () => productOf(await readDashboard(api), TOOL).access?.source).toBe(
      'trial',
    );

    const mcpUrl = new URL('/api/gpt/mcp', target().publicOrigin);
    const authorisation = new McpAuthorisation();
    const transport = () =>
      new StreamableHTTPClientTransport(mcpUrl, {
        authProvider: authorisation,
        fetch: publicFetch,
      });

    // First contact: 401 with the resource metadata → discovery, registration, authorisation.
    const first = new Client({ name: 'acceptance-mcp', version: '1.0.0' });
    const pending = transport();
    await expect(first.connect(pending)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = authorisation.authorizationUrl();
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // The person, signed in to the store in the browser, allows the connection.
    const page = await browsing.open(api);
    await page.goto(authorizationUrl.toString());
    await page.waitForURL(/\/oauth\/consent\//);
    await page.getByText('comprobar tu acceso y contar tus usos').waitFor();
    await page.getByText(person.email).waitFor();
    await page.getByRole('button', { name: 'Permitir' }).click();
    await page.waitForURL((url) => url.href.startsWith(authorisation.redirectUrl));
    const code = new URL(page.url()).searchParams.get('code');
    expect(code, `no code in ${page.url()}`).toBeTruthy();
    await pending.finishAuth(code!);

    // Signed in: verify_access needs only the tool.
    const client = new Client({ name: 'acceptance-mcp', version: '1.0.0' });
    await client.connect(transport());
    const result = await client.callTool({ name: 'verify_access', arguments: { productId: TOOL } });
    expect(result.structuredContent).toMatchObject({ allowed: true, reason: 'granted' });
    await client.close();

    // The store lists the connection; Revocar ends it for every service within 2 s.
    const listed = expectStatus(await api.get<ConnectedApps>('/api/connected-apps'), 200, 'apps');
    expect(listed.apps).toHaveLength(1);
    const app = listed.apps[0]!;
    expect(app.clientName).toBe('acceptance-mcp');
    expect((await api.call('DELETE', `/api/connected-apps/${app.id}`)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const token = authorisation.accessToken();
    const after = await publicFetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});
