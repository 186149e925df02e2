import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';
import { sessionReader } from './session-read.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

async function signedIn() {
  const client = identity.client();
  const res = await client.post('/api/register', uniqueUser());
  expect(res.status).toBe(201);
  const token = client.sessionCookie!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return { client, userId: claims.sub, sessionId: claims.sid };
}

const textOf = (args: unknown[]) => {
  const first = args[0];
  return typeof first === 'string' ? first : String((first as { text?: string }).text ?? '');
};

describe('the session read behind GET /api/user', () => {
  it('gives the same user and session rows as the ORM, every column of the model', async () => {
    const { userId, sessionId } = await signedIn();
    const { ctx } = identity.service;
    const read = sessionReader(ctx.pool, ctx.schema);
    const found = await read(sessionId);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId } });
    const session = await ctx.db.session.findUniqueOrThrow({ where: { id: sessionId } });
    expect(found?.user).toStrictEqual(user);
    expect(found?.session).toStrictEqual({
      id: session.id,
      userId: session.userId,
      startedAt: session.startedAt,
      expiresAt: session.expiresAt,
      endedAt: session.endedAt,
    });
    expect(await read('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('costs one named statement on the pool per request, outside any transaction', async () => {
    const { client, userId } = await signedIn();
    const pool = identity.service.ctx.pool;
    const reads: unknown[][] = [];
    const query = pool.query.bind(pool);
    // Only the statements that touch the session or user tables: the relay and consumers may
    // use the pool meanwhile.
    pool.query = ((...args: unknown[]) => {
      if (/\b(sessions|users)\b/.test(textOf(args))) reads.push(args);
      return (query as (...a: unknown[]) => unknown)(...args);
    }) as typeof pool.query;
    try {
      const res = await client.get('/api/user');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: userId });
    } finally {
      pool.query = query;
    }
    expect(reads).toHaveLength(1);
    expect(reads[0]![0]).toMatchObject({ name: expect.stringMatching(/^identity-session-user-/) });
  });
});
