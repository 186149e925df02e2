import { rebuildProjections } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  mailsTo,
  startIdentity,
  uniqueUser,
  verificationMailsTo,
  type IdentityUnderTest,
} from './identity-harness.fixture.js';
import { verificationTokensProjection } from './email-verification/verification-tokens-projection.js';
import { resetTokensProjection } from './password-reset/reset-tokens-projection.js';
import { sessionsProjection } from './sessions/sessions-projection.js';
import { usersProjection } from './users/users-projection.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

async function snapshot() {
  const client = new pg.Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    const rows = async (table: string, order: string) =>
      (await client.query(`SELECT * FROM identity.${table} ORDER BY ${order}`)).rows;
    return {
      users: await rows('users', 'id'),
      sessions: await rows('sessions', 'id'),
      tokens: await rows('password_reset_tokens', 'token_hash'),
      verificationTokens: await rows('email_verification_tokens', 'token_hash'),
    };
  } finally {
    await client.end();
  }
}

it('rebuilds users, sessions, reset and verification links from the event store exactly as they were', async () => {
  const ana = uniqueUser();
  const luis = uniqueUser();
  const anaClient = identity.client();
  await anaClient.post('/api/register', ana);
  await identity.client().post('/api/register', luis);
  await identity.client().post('/api/login', { username: ana.email, password: ana.password });
  await anaClient.post('/api/logout');
  await identity.client().post('/api/forgot-password', { email: luis.email });
  const [mail] = await waitFor(async () => {
    const found = await mailsTo(identity.mailDir, luis.email);
    return found.length > 0 ? found : undefined;
  });
  const newPassword = 'Clave reconstruida 9';
  await identity
    .client()
    .post('/api/reset-password', { token: mail!.token, newPassword, confirmPassword: newPassword });
  await identity.client().post('/api/forgot-password', { email: ana.email });
  await waitFor(async () => (await mailsTo(identity.mailDir, ana.email)).length > 0);
  // Ana verifies her address with a second link; the first one is void.
  await anaClient.post('/api/login', { username: ana.email, password: ana.password });
  await anaClient.post('/api/verify-email/resend');
  const [, verifyMail] = await waitFor(async () => {
    const found = await verificationMailsTo(identity.mailDir, ana.email);
    return found.length > 1 ? found : undefined;
  });
  expect(
    (await identity.client().post('/api/verify-email', { token: verifyMail!.token })).status,
  ).toBe(200);

  const before = await snapshot();
  expect(before.users).toHaveLength(2);
  expect(before.sessions.length).toBeGreaterThanOrEqual(3);
  expect(before.tokens).toHaveLength(2);
  expect(before.verificationTokens).toHaveLength(3);
  expect(before.users.filter((u) => u.email_verified_at !== null)).toHaveLength(1);

  const { events } = await rebuildProjections({
    runner: identity.service.ctx.runner as never,
    schema: 'identity',
    projections: [
      usersProjection,
      sessionsProjection,
      resetTokensProjection,
      verificationTokensProjection,
    ] as never,
  });
  expect(events).toBeGreaterThan(8);
  expect(await snapshot()).toEqual(before);
});
