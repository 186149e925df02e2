import { waitFor } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
} from './identity-harness.fixture.js';
import { hashResetToken } from './password-reset/reset-tokens.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity({ RATE_LIMIT_LOGIN_PER_IP: '100' });
});
afterAll(() => identity?.stop());

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function registered() {
  const user = uniqueUser();
  const res = await identity.client().post('/api/register', user);
  expect(res.status).toBe(201);
  return { user, id: (res.body as { id: string }).id };
}

// The read models answer questions and find accounts; what a command may do is decided on the
// user's own stream. Editing a read model behind the service's back shows which one it is.
describe('decisions rest on the user stream, not on the read models', () => {
  it('a used reset link stays used when its row says otherwise', async () => {
    const { user } = await registered();
    await identity.client().post('/api/forgot-password', { email: user.email });
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(identity.mailDir, user.email);
      return found.length > 0 ? found : undefined;
    });
    const reset = (newPassword: string) =>
      identity.client().post('/api/reset-password', {
        token: mail!.token,
        newPassword,
        confirmPassword: newPassword,
      });
    expect((await reset('Primera clave 111')).status).toBe(200);

    await sql(
      `UPDATE identity.password_reset_tokens
       SET used_at = NULL, voided_at = NULL, expires_at = now() + interval '1 hour'
       WHERE token_hash = $1`,
      [hashResetToken(mail!.token)],
    );
    const again = await reset('Segunda clave 222');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_token_used');
  });

  it('a password hash slipped into the users table does not sign anyone in', async () => {
    const { user, id } = await registered();
    // The intruder's hash passes the bcrypt check made on the read model; the stream's hash is
    // another, so the decider refuses the session.
    const intruder = uniqueUser({ password: 'Intruso con clave 9' });
    await identity.client().post('/api/register', intruder);
    await sql(
      `UPDATE identity.users SET password_hash =
         (SELECT password_hash FROM identity.users WHERE email = $1)
       WHERE id = $2`,
      [intruder.email, id],
    );
    const res = await identity
      .client()
      .post('/api/login', { username: user.email, password: intruder.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Invalid email or password',
      code: 'invalid_credentials',
    });
  });
});

describe('a long user stream', () => {
  it('is snapshotted, so a command folds the last few events only', async () => {
    const { user, id } = await registered();
    const device = identity.client();
    for (let i = 0; i < 12; i++) {
      const res = await device.post('/api/login', {
        username: user.email,
        password: user.password,
      });
      expect(res.status).toBe(200);
    }
    // 3 events at registration + 12 sign-ins: the snapshot was taken at 10 or later.
    const [snapshot] = await sql<{ stream_version: number; state: { sessions: unknown[] } }>(
      `SELECT stream_version, state FROM identity.snapshots WHERE stream_id = $1 AND decider = 'user'`,
      [`user-${id}`],
    );
    expect(snapshot?.stream_version).toBeGreaterThanOrEqual(10);
    expect(snapshot?.stream_version).toBeLessThanOrEqual(15);

    // Decided on the snapshot plus the events after it: logging out ends the latest session.
    const { sid } = JSON.parse(
      Buffer.from(device.sessionCookie!.split('.')[1]!, 'base64url').toString(),
    ) as { sid: string };
    expect((await device.post('/api/logout')).status).toBe(200);
    const revoked = (await identity.service.ctx.events.readStream(`user-${id}`)).filter(
      (e) => e.type === 'SessionsRevoked',
    );
    expect(revoked.map((e) => (e.data as { sessionIds: string[] }).sessionIds)).toEqual([[sid]]);
  });
});
