import { generateKeyPairSync } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { accessCodeResponseSchema, gptVerifyResponseSchema } from '@mia/contracts';
import {
  createTestDatabase,
  createTestNats,
  startEventPublisher,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerUser,
  SECOND_GPT_KEY,
  startAccess,
  TEST_GPT_KEY,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';
import type { gptOpenApiDocument } from './openapi.js';

const RATE_LIMITED_KEY = 'rate-limited-key-0123456789abcdef';
const GPT_LIMIT = 30;

describe('access codes and the GPT verification API', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: RunningAccess;
  let identity: EventPublisher;
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    access = await startAccess(db, nats, {
      GPT_API_KEYS: `${TEST_GPT_KEY},${SECOND_GPT_KEY},${RATE_LIMITED_KEY}`,
      GPT_VERIFY_RATE_LIMIT_MAX: String(GPT_LIMIT),
      PUBLIC_ORIGIN: 'https://mia.example.org',
    });
    identity = await startEventPublisher(db, nats, 'identity');
    admin = await registerUser(identity, access, 'admin');
    owner = await registerUser(identity, access);
    const granted = await call(access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: owner.email, productId: 'apocalipsis' },
    });
    expect(granted.status).toBe(200);
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  const ownCode = async (user: TestUser) =>
    accessCodeResponseSchema.parse(
      (await call(access.url, 'GET', '/api/access-code', { token: user.token })).body,
    ).accessCode;

  const verify = (accessCode: string, productId: string, key: string | null = TEST_GPT_KEY) =>
    call(access.url, 'POST', '/api/gpt/v1/verify', {
      body: { accessCode, productId },
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });

  it('gives every user one readable code, the same on every call', async () => {
    const code = await ownCode(owner);
    expect(code).toMatch(/^MIA-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(await ownCode(owner)).toBe(code);
    expect(await ownCode(admin)).not.toBe(code);
    // The code never reaches the database in the clear, nor any event.
    const rows = await access.ctx.pool.query('SELECT * FROM access.access_codes');
    expect(JSON.stringify(rows.rows)).not.toContain(code);
    const events = await access.ctx.pool.query('SELECT data FROM access.events');
    expect(JSON.stringify(events.rows)).not.toContain(code);
  });

  it('verifies a code for a usable tool, counts it as a use, and refuses the others', async () => {
    const code = await ownCode(owner);
    const allowed = await verify(code.toLowerCase().replaceAll('-', ' '), 'apocalipsis');
    expect(allowed.status).toBe(200);
    expect(gptVerifyResponseSchema.parse(allowed.body)).toEqual({
      allowed: true,
      reason: 'granted',
      productName: 'Estudio de Apocalipsis',
      validUntil: null,
      message: 'Acceso verificado: puedes usar Estudio de Apocalipsis.',
    });
    // One use: v2 (how the GPT identified the user) and its v1 twin, counted once.
    const usage = await access.ctx.events.readStream(`usage-${owner.id}`);
    expect(usage.map((e) => [e.type, e.version, e.data])).toEqual([
      ['GptOpened', 2, expect.objectContaining({ via: 'gpt_action', auth: 'code' })],
      ['GptOpened', 1, expect.not.objectContaining({ auth: expect.anything() })],
    ]);
    expect(
      (await access.ctx.pool.query('SELECT queries_used FROM access.usage_counts')).rows,
    ).toEqual([{ queries_used: 1 }]);

    const other = await verify(code, 'cantar-cantares');
    expect(other.body).toMatchObject({ allowed: false, reason: 'no_access' });
    const wrong = await verify('MIA-2222-3333-4444', 'apocalipsis');
    expect(wrong.body).toMatchObject({ allowed: false, reason: 'invalid_code' });
    const english = await call(access.url, 'POST', '/api/gpt/v1/verify', {
      body: { accessCode: code, productId: 'apocalipsis' },
      headers: { authorization: `Bearer ${TEST_GPT_KEY}`, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.body.message).toBe('Access verified: you can use Estudio de Apocalipsis.');
  });

  it('answers from the entitlements as they are now, after a grant or a revocation', async () => {
    // Each verification folds on from the stream version it last read (grants-cache.ts): a
    // change after an answer must show in the next one.
    const code = await ownCode(owner);
    expect((await verify(code, 'cantar-cantares')).body).toMatchObject({ reason: 'no_access' });
    const asAdmin = {
      token: admin.token,
      body: { email: owner.email, productId: 'cantar-cantares' },
    };
    expect((await call(access.url, 'POST', '/api/admin/grant-access', asAdmin)).status).toBe(200);
    expect((await verify(code, 'cantar-cantares')).body).toMatchObject({ reason: 'granted' });
    expect((await call(access.url, 'POST', '/api/admin/revoke-access', asAdmin)).status).toBe(200);
    expect((await verify(code, 'cantar-cantares')).body).toMatchObject({ reason: 'revoked' });
    expect((await verify(code, 'apocalipsis')).body).toMatchObject({ reason: 'granted' });
  });

  it('counts every one of concurrent verifications of one code, in one gapless stream', async () => {
    const code = await ownCode(owner);
    const stream = `usage-${owner.id}`;
    const before = (await access.ctx.events.readStream(stream)).length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => verify(code, 'apocalipsis')),
    );
    expect(answers.map((a) => a.body.reason)).toEqual(Array(12).fill('granted'));
    const usage = await access.ctx.events.readStream(stream);
    expect(usage.map((e) => e.streamVersion)).toEqual(usage.map((_, i) => i + 1));
    expect(usage.length - before).toBe(24);
  });

  it('rotation stops the old code at once and the new one works', async () => {
    const before = await ownCode(owner);
    const rotated = await call(access.url, 'POST', '/api/access-code/rotate', {
      token: owner.token,
    });
    expect(rotated.status).toBe(200);
    const after = accessCodeResponseSchema.parse(rotated.body).accessCode;
    expect(after).not.toBe(before);
    expect(await ownCode(owner)).toBe(after);
    expect((await verify(before, 'apocalipsis')).body).toMatchObject({ reason: 'invalid_code' });
    expect((await verify(after, 'apocalipsis')).body).toMatchObject({ allowed: true });
    const stream = await access.ctx.events.readStream(`access-code-${owner.id}`);
    expect(stream.map((e) => e.type)).toEqual(['AccessCodeIssued', 'AccessCodeRotated']);
  });

  it('needs one of the configured bearer keys (several, for rotation)', async () => {
    const code = await ownCode(owner);
    const missing = await verify(code, 'apocalipsis', null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await verify(code, 'apocalipsis', 'not-a-key')).status).toBe(401);
    // A user's session is not a key.
    expect((await verify(code, 'apocalipsis', owner.token)).status).toBe(401);
    expect((await verify(code, 'apocalipsis', SECOND_GPT_KEY)).body).toMatchObject({
      allowed: true,
    });
  });

  it('limits lookups per key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GPT_LIMIT + 2; i++) {
      statuses.push((await verify('MIA-2222-3333-4444', 'apocalipsis', RATE_LIMITED_KEY)).status);
    }
    expect(statuses.slice(0, GPT_LIMIT)).toEqual(Array(GPT_LIMIT).fill(200));
    expect(statuses.slice(GPT_LIMIT)).toEqual([429, 429]);
    const limited = await verify('MIA-2222-3333-4444', 'apocalipsis', RATE_LIMITED_KEY);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other keys keep their own budget.
    expect((await verify('MIA-2222-3333-4444', 'apocalipsis')).status).toBe(200);
  });

  it('publishes an OpenAPI 3.1 document for GPT Actions', async () => {
    const { status, body } = await call<ReturnType<typeof gptOpenApiDocument>>(
      access.url,
      'GET',
      '/api/gpt/v1/openapi.json',
    );
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.servers).toEqual([{ url: 'https://mia.example.org' }]);
    const operation = body.paths['/api/gpt/v1/verify']!.post;
    expect(operation.operationId).toBe('verifyAccess');
    expect(operation['x-openai-isConsequential']).toBe(false);
    expect(body.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    // Beside the key, sign-in with the user's account (identity's authorization server).
    expect(body.components.securitySchemes.oauth).toMatchObject({
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://mia.example.org/api/oauth/authorize',
          tokenUrl: 'https://mia.example.org/api/oauth/token',
          scopes: { 'tools:use': expect.any(String) },
        },
      },
    });
    expect(body.security).toEqual([{ bearerAuth: [] }, { oauth: ['tools:use'] }]);
    expect(body.components.schemas.VerifyRequest.properties.productId.enum).toHaveLength(14);
  });

  it('offers the same check as an MCP tool with the same keys', async () => {
    const code = await ownCode(owner);
    const connect = async (key: string) => {
      const client = new Client({ name: 'test-assistant', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/api/gpt/mcp', access.url), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    };
    const client = await connect(TEST_GPT_KEY);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['verify_access']);
      // With the key the person's code stays required.
      expect(tools[0]?.inputSchema.required).toEqual(['accessCode', 'productId']);
      const result = await client.callTool({
        name: 'verify_access',
        arguments: { accessCode: code, productId: 'apocalipsis' },
      });
      expect(gptVerifyResponseSchema.parse(result.structuredContent)).toMatchObject({
        allowed: true,
        reason: 'granted',
      });
    } finally {
      await client.close();
    }
    const usage = await access.ctx.events.readStream(`usage-${owner.id}`);
    expect(usage.at(-2)?.data).toMatchObject({
      via: 'mcp',
      productId: 'apocalipsis',
      auth: 'code',
    });
    expect(usage.at(-1)?.data).toMatchObject({ via: 'mcp', productId: 'apocalipsis' });
    await expect(connect('not-a-key')).rejects.toThrow();
  });

  it('serves a Spanish stand-in page that checks the code through the API', async () => {
    const code = await ownCode(owner);
    const page = await fetch(new URL('/api/gpt/stand-in/apocalipsis', access.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Tu código de acceso');
    // No external assets: nothing loaded from another origin.
    expect(html).not.toMatch(/(src|href)="https?:/);

    const post = (accessCode: string) =>
      fetch(new URL('/api/gpt/stand-in/apocalipsis', access.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ accessCode }),
      }).then((r) => r.text());
    const uses = async () =>
      (await access.ctx.events.readStream(`usage-${owner.id}`)).filter((e) => e.version === 1)
        .length;
    const before = await uses();
    expect(await post(code)).toContain('Acceso verificado: puedes usar Estudio de Apocalipsis.');
    expect(await uses()).toBe(before + 1);
    expect(await post('MIA-2222-3333-4444')).toContain('El código de acceso no es válido.');
    expect((await fetch(new URL('/api/gpt/stand-in/no-existe', access.url))).status).toBe(404);
  });
});

describe('in production', () => {
  it('has no stand-in page', async () => {
    const db = await createTestDatabase();
    const nats = await createTestNats();
    // Production refuses the development key pair: a key of its own.
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const access = await startAccess(db, nats, {
      MIA_ENV: 'production',
      GPT_API_KEYS: 'a-production-key-of-enough-length-123',
      ACCESS_CODE_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
      PUBLIC_ORIGIN: 'https://mia.example.org',
      JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    });
    try {
      expect((await fetch(new URL('/api/gpt/stand-in/apocalipsis', access.url))).status).toBe(404);
    } finally {
      await access.stop();
      await nats.cleanup();
      await db.drop();
    }
  });
});
