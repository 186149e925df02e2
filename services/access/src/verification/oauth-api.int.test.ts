import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { gptVerifyResponseSchema, OAuthGrantRevokedV1 } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessTestBed,
  call,
  registerUser,
  startAccess,
  type TestUser,
} from '../access-harness.fixture.js';
import { userAccessToken, type UserTokenOptions } from './user-token.fixture.js';

const ORIGIN = 'https://mia.example.org';
const CLIENT_LIMIT = 6;
const USER_LIMIT = 40;
const MCP_METADATA = `${ORIGIN}/.well-known/oauth-protected-resource/api/gpt/mcp`;

describe('the tool API with user access tokens (OAuth)', () => {
  const bed = accessTestBed({
    PUBLIC_ORIGIN: ORIGIN,
    OAUTH_VERIFY_PER_CLIENT_MAX: String(CLIENT_LIMIT),
    OAUTH_VERIFY_PER_USER_MAX: String(USER_LIMIT),
  });
  let owner: TestUser;

  beforeAll(async () => {
    const admin = await registerUser(bed.identity, bed.access, 'admin');
    owner = await registerUser(bed.identity, bed.access);
    const granted = await call(bed.access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: owner.email, productId: 'apocalipsis' },
    });
    expect(granted.status).toBe(200);
  });

  const token = (options: Partial<UserTokenOptions> = {}) =>
    userAccessToken({ userId: owner.id, origin: ORIGIN, clientId: randomUUID(), ...options });

  const verify = (bearer: string, body: unknown = { productId: 'apocalipsis' }) =>
    call(bed.access.url, 'POST', '/api/gpt/v1/verify', {
      body,
      headers: { authorization: `Bearer ${bearer}` },
    });

  const usage = () => bed.access.ctx.events.readStream(`usage-${owner.id}`);

  it('answers a GPT Action with the user’s token as it answers their code, and counts the use', async () => {
    const grantId = randomUUID();
    const allowed = await verify(await token({ clientId: 'mia-gpt-apocalipsis', grantId }));
    expect(allowed.status).toBe(200);
    expect(gptVerifyResponseSchema.parse(allowed.body)).toEqual({
      allowed: true,
      reason: 'granted',
      productName: 'Estudio de Apocalipsis',
      validUntil: null,
      message: 'Acceso verificado: puedes usar Estudio de Apocalipsis.',
    });
    // GptOpened v2 says the GPT was connected by sign-in (identity keeps the app's last use),
    // followed by its v1 twin for the consumers that still declare v1.
    const [v2, v1] = (await usage()).slice(-2);
    expect([v2?.version, v2?.data]).toEqual([
      2,
      {
        userId: owner.id,
        productId: 'apocalipsis',
        via: 'gpt_action',
        at: expect.any(String),
        auth: 'oauth',
        clientId: 'mia-gpt-apocalipsis',
        grantId,
      },
    ]);
    expect(v1?.version).toBe(1);
    const counts = await bed.access.ctx.pool.query(
      'SELECT queries_used FROM access.usage_counts WHERE user_id = $1',
      [owner.id],
    );
    expect(counts.rows).toEqual([{ queries_used: 1 }]);

    // Refusals as with the code: a tool the user does not have, recorded for support.
    const refused = await verify(await token(), { productId: 'cantar-cantares' });
    expect(refused.body).toMatchObject({
      allowed: false,
      reason: 'no_access',
      message:
        'No tienes acceso a Estudio de Cantar de los Cantares. Puedes comprarlo desde tu panel de Ministerio IA.',
    });
    expect((await usage()).at(-1)?.type).toBe('GptAccessDenied');
    const english = await call(bed.access.url, 'POST', '/api/gpt/v1/verify', {
      body: { productId: 'apocalipsis' },
      headers: { authorization: `Bearer ${await token()}`, 'accept-language': 'en' },
    });
    expect(english.body).toMatchObject({
      message: 'Access verified: you can use Estudio de Apocalipsis.',
    });
    // Only the tool is needed; one not in the catalogue is answered as with a code.
    expect((await verify(await token(), { productId: 'no-existe' })).body).toMatchObject({
      allowed: false,
      reason: 'unknown_product',
    });
  });

  it('refuses tokens for another resource, expired or without the scope as invalid tokens', async () => {
    const refused = [
      await token({ audience: `${ORIGIN}/api/support` }),
      await token({ expiresIn: -30 }),
      await token({ scope: 'openid' }),
    ];
    for (const bearer of refused) {
      const answer = await verify(bearer);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'invalid_token' });
      expect(answer.headers.get('www-authenticate')).toBe(
        'Bearer realm="mia-gpt", error="invalid_token"',
      );
    }
    // Not our access token at all (a session's typ, another issuer): the API-key path says no.
    for (const bearer of [
      await token({ typ: 'session+jwt' }),
      await token({ issuer: 'https://otro.example.org' }),
    ]) {
      const answer = await verify(bearer);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'invalid_api_key' });
    }
  });

  it('refuses a token of a revoked connection within 2 s, on every replica', async () => {
    const grantId = randomUUID();
    const bearer = await token({ grantId });
    expect((await verify(bearer)).status).toBe(200);
    const revokedAt = Date.now();
    await bed.identity.store.append(`oauth-grant-${grantId}`, 'no-stream', [
      {
        type: OAuthGrantRevokedV1.type,
        data: {
          grantId,
          userId: owner.id,
          clientId: 'mia-gpt-test',
          reason: 'user',
          revokedAt: new Date(revokedAt).toISOString(),
        },
      },
    ]);
    await waitFor(async () => (await verify(bearer)).status === 401, {
      timeoutMs: 2_000,
      message: 'the revoked grant refused',
    });
    const refusedAfterMs = Date.now() - revokedAt;
    expect(refusedAfterMs).toBeLessThan(2_000);

    // A replica started afterwards reads the revocation before it is ready.
    const replica = await startAccess(bed.db, bed.nats, { PUBLIC_ORIGIN: ORIGIN });
    try {
      await waitFor(async () => (await fetch(new URL('/readyz', replica.url))).ok, {
        message: 'the new replica ready',
      });
      const answer = await call(replica.url, 'POST', '/api/gpt/v1/verify', {
        body: { productId: 'apocalipsis' },
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(answer.status).toBe(401);
    } finally {
      await replica.stop();
    }
  });

  it('limits calls per connected app', async () => {
    const bearer = await token({ clientId: 'busy-app' });
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LIMIT + 1; i++) statuses.push((await verify(bearer)).status);
    expect(statuses).toEqual([...Array<number>(CLIENT_LIMIT).fill(200), 429]);
    const limited = await verify(bearer);
    expect(limited.body).toMatchObject({ code: 'rate_limited_client' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another app of the same user keeps its own budget.
    expect((await verify(await token({ clientId: 'quiet-app' }))).status).toBe(200);
  });

  it('limits calls per user, whatever the app', async () => {
    const busy = await registerUser(bed.identity, bed.access);
    // Apps of their own, each within its budget: only the user's runs out. The bucket refills
    // in real time (USER_LIMIT a minute), so a call or two more may pass before it is empty.
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof verify>> | undefined;
    while (!refused && allowed < USER_LIMIT + 5) {
      const clientId = `app-${Math.floor(allowed / (CLIENT_LIMIT - 1))}`;
      const answer = await verify(
        await userAccessToken({ userId: busy.id, origin: ORIGIN, clientId }),
      );
      if (answer.status === 200) allowed++;
      else refused = answer;
    }
    expect(allowed).toBeGreaterThanOrEqual(USER_LIMIT);
    expect(refused?.status).toBe(429);
    expect(refused?.body).toMatchObject({ code: 'rate_limited_user' });
  });

  describe('MCP', () => {
    const mcpUrl = () => new URL('/api/gpt/mcp', bed.access.url);

    it('publishes its Protected Resource Metadata (RFC 9728)', async () => {
      const common = {
        authorization_servers: [ORIGIN],
        scopes_supported: ['tools:use'],
        bearer_methods_supported: ['header'],
      };
      const root = await call(bed.access.url, 'GET', '/.well-known/oauth-protected-resource');
      expect(root.status).toBe(200);
      expect(root.body).toEqual({ resource: `${ORIGIN}/api/gpt`, ...common });
      const mcp = await call(
        bed.access.url,
        'GET',
        '/.well-known/oauth-protected-resource/api/gpt/mcp',
      );
      expect(mcp.body).toEqual({ resource: `${ORIGIN}/api/gpt/mcp`, ...common });
    });

    it('answers a call without a token, or with a refused one, with the OAuth challenge', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      };
      const headers = { accept: 'application/json, text/event-stream' };
      const missing = await call(bed.access.url, 'POST', '/api/gpt/mcp', {
        body: initialize,
        headers,
      });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${MCP_METADATA}"`,
      );
      const expired = await call(bed.access.url, 'POST', '/api/gpt/mcp', {
        body: initialize,
        headers: { ...headers, authorization: `Bearer ${await token({ expiresIn: -30 })}` },
      });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", resource_metadata="${MCP_METADATA}"`,
      );
    });

    it('lets an assistant connected by sign-in verify with the tool alone (official SDK client)', async () => {
      const grantId = randomUUID();
      const bearer = await token({
        audience: `${ORIGIN}/api/gpt/mcp`,
        clientId: 'mcp-desktop',
        grantId,
      });
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(mcpUrl(), {
          requestInit: { headers: { authorization: `Bearer ${bearer}` } },
        }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools[0]?.inputSchema.required).toEqual(['productId']);
        const result = await client.callTool({
          name: 'verify_access',
          arguments: { productId: 'apocalipsis' },
        });
        expect(gptVerifyResponseSchema.parse(result.structuredContent)).toMatchObject({
          allowed: true,
          reason: 'granted',
        });
      } finally {
        await client.close();
      }
      expect((await usage()).at(-2)?.data).toMatchObject({
        via: 'mcp',
        auth: 'oauth',
        clientId: 'mcp-desktop',
        grantId,
      });
    });
  });
});
