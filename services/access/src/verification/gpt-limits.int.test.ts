import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { accessCodeResponseSchema } from '@mia/contracts';
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

const THIRD_KEY = 'third-gpt-key-0123456789abcdef';
const FOURTH_KEY = 'fourth-gpt-key-0123456789abcdef';
const FAILURES_MAX = 5;
const MINUTE = 60_000;

describe('GPT verification limits', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: RunningAccess;
  let identity: EventPublisher;
  let customerA: TestUser;
  let customerB: TestUser;
  // The service's clock stands still unless a test moves it: buckets refill only when told.
  let offset = 0;
  const start = Date.now();

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    access = await startAccess(
      db,
      nats,
      {
        GPT_API_KEYS: `${TEST_GPT_KEY},${SECOND_GPT_KEY},${THIRD_KEY},${FOURTH_KEY}`,
        // Per-code and per-key budgets at their defaults (60 and 6000 per minute).
        GPT_VERIFY_FAILURES_MAX: String(FAILURES_MAX),
      },
      () => new Date(start + offset),
    );
    identity = await startEventPublisher(db, nats, 'identity');
    const admin = await registerUser(identity, access, 'admin');
    customerA = await registerUser(identity, access);
    customerB = await registerUser(identity, access);
    for (const customer of [customerA, customerB]) {
      const granted = await call(access.url, 'POST', '/api/admin/grant-access', {
        token: admin.token,
        body: { email: customer.email, productId: 'apocalipsis' },
      });
      expect(granted.status).toBe(200);
    }
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  const codeOf = async (user: TestUser) =>
    accessCodeResponseSchema.parse(
      (await call(access.url, 'GET', '/api/access-code', { token: user.token })).body,
    ).accessCode;

  const verify = (accessCode: string, key = TEST_GPT_KEY, lang?: string) =>
    call(access.url, 'POST', '/api/gpt/v1/verify', {
      body: { accessCode, productId: 'apocalipsis' },
      headers: { authorization: `Bearer ${key}`, ...(lang ? { 'accept-language': lang } : {}) },
    });

  const mcpVerify = async (accessCode: string, key = TEST_GPT_KEY) => {
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/api/gpt/mcp', access.url), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      return await client.callTool({
        name: 'verify_access',
        arguments: { accessCode, productId: 'apocalipsis' },
      });
    } finally {
      await client.close();
    }
  };

  it('refuses the 61st lookup of one code in a minute while another code of the same key passes', async () => {
    const [codeA, codeB] = [await codeOf(customerA), await codeOf(customerB)];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await verify(codeA)).status);
    expect(statuses).toEqual(Array(60).fill(200));

    // Written differently, it is still the same code: the budget follows the code, not the text.
    const limited = await verify(codeA.toLowerCase().replaceAll('-', ' '));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited_code' });
    expect(limited.body.message).toMatch(/^Este código de acceso se ha verificado demasiadas/);
    // 60 per minute: one lookup back every second.
    expect(limited.headers.get('retry-after')).toBe('1');
    // Through another key too: the budget is the code's, whatever GPT asks.
    expect((await verify(codeA, SECOND_GPT_KEY)).status).toBe(429);
    // The MCP tool answers the same refusal as a tool error.
    const mcp = await mcpVerify(codeA);
    expect(mcp.isError).toBe(true);
    expect(JSON.stringify(mcp.content)).toContain('demasiadas veces');

    // Customer B, same key, same GPT: unaffected.
    const other = await verify(codeB);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ allowed: true, reason: 'granted' });
    expect((await mcpVerify(codeB)).structuredContent).toMatchObject({ allowed: true });

    // One token back per second.
    offset += 1000;
    expect((await verify(codeA)).status).toBe(200);
    expect((await verify(codeA)).status).toBe(429);
    offset += MINUTE;
  });

  it('slows a key down after repeated wrong codes, without touching other keys', async () => {
    const wrong = (i: number) => `MIA-2222-3333-${String(4000 + i).replace(/[01]/g, '9')}`;
    const answers = [];
    for (let i = 0; i < FAILURES_MAX; i++) answers.push(await verify(wrong(i), THIRD_KEY));
    expect(answers.map((a) => [a.status, a.body.reason])).toEqual(
      Array(FAILURES_MAX).fill([200, 'invalid_code']),
    );

    const slowed = await verify(wrong(99), THIRD_KEY, 'en');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: 'rate_limited_failures' });
    expect(slowed.body.message).toMatch(/^Too many wrong access codes/);
    // 5 per minute: one more wrong code every 12 s.
    expect(slowed.headers.get('retry-after')).toBe('12');
    // Same on the MCP tool with that key.
    expect((await mcpVerify(wrong(98), THIRD_KEY)).isError).toBe(true);
    // Another GPT's key keeps its own budget.
    expect((await verify(wrong(97), FOURTH_KEY)).body).toMatchObject({ reason: 'invalid_code' });

    offset += 12_000;
    expect((await verify(await codeOf(customerB), THIRD_KEY)).body).toMatchObject({
      allowed: true,
    });
    // The refilled token was not spent by a right code; the next wrong one spends it.
    expect((await verify(wrong(96), THIRD_KEY)).body).toMatchObject({ reason: 'invalid_code' });
    expect((await verify(wrong(95), THIRD_KEY)).status).toBe(429);
  });
});
