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
  sessionToken,
  startAccess,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';

const LIMIT = 8;

describe('the public access check (POST /api/verify-gpt-access)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: RunningAccess;
  let identity: EventPublisher;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let ip = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    access = await startAccess(db, nats, { VERIFY_RATE_LIMIT_MAX: String(LIMIT) });
    identity = await startEventPublisher(db, nats, 'identity');
    admin = await registerUser(identity, access, 'admin');
    owner = await registerUser(identity, access);
    stranger = await registerUser(identity, access);
    await call(access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: owner.email, productId: 'generador-sermones' },
    });
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  /** Each check from its own client address (the service trusts the local gateway's header). */
  const check = (body: Record<string, string>, token?: string, from = `198.51.100.${++ip}`) =>
    call(access.url, 'POST', '/api/verify-gpt-access', {
      body,
      ...(token ? { token } : {}),
      headers: { 'x-forwarded-for': from },
    });

  it('answers the same neutral refusal for an owner, a non-owner and no account', async () => {
    const answers = await Promise.all(
      [owner.email, stranger.email, 'nadie@iglesia.org'].map((email) =>
        check({ email, productId: 'generador-sermones' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.code).toBe('proof_required');
    // Someone else's session proves nothing about this e-mail.
    const other = await check(
      { email: owner.email, productId: 'generador-sermones' },
      stranger.token,
    );
    expect(other.body).toEqual(answers[0]!.body);
  });

  it('gives a definite answer to the owner signed in, 2xx only when allowed', async () => {
    const allowed = await check(
      { email: owner.email, productId: 'generador-sermones' },
      owner.token,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({
      allowed: true,
      message: '¡Acceso verificado! Puedes usar este GPT.',
    });
    const denied = await check({ email: owner.email, productId: 'manual-ceremonias' }, owner.token);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('No tienes acceso a este GPT. Necesitas comprarlo primero.');
  });

  it('gives a definite answer with the account access code, and to an admin', async () => {
    const { body } = await call<{ accessCode: string }>(access.url, 'GET', '/api/access-code', {
      token: owner.token,
    });
    const withCode = await check({
      email: owner.email,
      productId: 'generador-sermones',
      accessCode: body.accessCode,
    });
    expect(withCode.status).toBe(200);
    // The owner's code does not unlock someone else's answer.
    const codeForOther = await check({
      email: stranger.email,
      productId: 'generador-sermones',
      accessCode: body.accessCode,
    });
    expect(codeForOther.body.code).toBe('proof_required');

    const asAdmin = await check(
      { email: owner.email, productId: 'generador-sermones' },
      admin.token,
    );
    expect(asAdmin.status).toBe(200);
    const unknownToAdmin = await check(
      { email: 'nadie@iglesia.org', productId: 'generador-sermones' },
      admin.token,
    );
    expect(unknownToAdmin.status).toBe(404);
    // An admin signed in with a password only is a caller like any other.
    const passwordOnly = await check(
      { email: 'nadie@iglesia.org', productId: 'generador-sermones' },
      await sessionToken(admin, ['pwd']),
    );
    expect(passwordOnly.body.code).toBe('proof_required');
  });

  it('is rate-limited per client IP', async () => {
    const from = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push(
        (await check({ email: owner.email, productId: 'generador-sermones' }, undefined, from))
          .status,
      );
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(403));
    expect(statuses[LIMIT]).toBe(429);
    // Another address is not affected.
    expect(
      (await check({ email: owner.email, productId: 'generador-sermones' }, owner.token)).status,
    ).toBe(200);
  });

  it('asks for e-mail and product with the spec message', async () => {
    const missing = await check({ email: owner.email });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { path: 'productId', message: 'Por favor, ingresa tu email y selecciona un producto.' },
    ]);
  });
});
