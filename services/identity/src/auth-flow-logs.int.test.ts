import { captureLogLines } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  mailsTo,
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
} from './identity-harness.fixture.js';

// The whole sign-in life of an account with every log line captured at the most verbose level:
// none may carry a password, a reset token or link, a session cookie or a hash that was made.
let identity: IdentityUnderTest;
let capture: ReturnType<typeof captureLogLines>;
beforeAll(async () => {
  capture = captureLogLines();
  identity = await startIdentity({ LOG_LEVEL: 'trace' });
});
afterAll(async () => {
  capture?.stop();
  await identity?.stop();
});

/** Every bcrypt hash and SHA-256 digest identity stored (read models and event store alike). */
async function storedHashes(): Promise<string[]> {
  const client = new pg.Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_schema = 'identity' AND table_type = 'BASE TABLE'`,
    );
    const hashes = new Set<string>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${name} t`,
      );
      for (const { row } of rows) {
        for (const match of row.matchAll(/\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}|\b[a-f0-9]{64}\b/g)) {
          hashes.add(match[0]);
        }
      }
    }
    return [...hashes];
  } finally {
    await client.end();
  }
}

it('writes no password, token, link with a token, cookie or hash to the log', async () => {
  const user = uniqueUser();
  const newPassword = 'Salmo 91: mi refugio';
  const finalPassword = 'Salmo 121: mi socorro';
  const client = identity.client();
  const cookies: string[] = [];
  const keepCookie = () => client.sessionCookie && cookies.push(client.sessionCookie);

  expect((await client.post('/api/register', user)).status).toBe(201);
  keepCookie();
  expect((await client.post('/api/logout')).status).toBe(200);
  const login = await client.post('/api/login', { username: user.email, password: user.password });
  expect(login.status).toBe(200);
  keepCookie();

  expect((await client.post('/api/forgot-password', { email: user.email })).status).toBe(200);
  const mail = await waitFor(async () => (await mailsTo(identity.mailDir, user.email))[0], {
    message: 'the reset mail',
  });
  const reset = await client.post('/api/reset-password', {
    token: mail.token,
    newPassword,
    confirmPassword: newPassword,
  });
  expect(reset.status).toBe(200);

  const again = await client.post('/api/login', { username: user.email, password: newPassword });
  expect(again.status).toBe(200);
  keepCookie();
  const changed = await client.post('/api/change-password', {
    currentPassword: newPassword,
    newPassword: finalPassword,
    confirmPassword: finalPassword,
  });
  expect(changed.status).toBe(200);
  keepCookie();
  expect((await client.post('/api/logout')).status).toBe(200);

  const hashes = await storedHashes();
  expect(hashes.some((h) => h.startsWith('$2'))).toBe(true);
  expect(hashes.some((h) => !h.startsWith('$2'))).toBe(true);
  const secrets = {
    passwords: [user.password, newPassword, finalPassword],
    token: [mail.token, encodeURIComponent(mail.token)],
    link: [mail.resetUrl],
    cookies,
    hashes,
  };
  const log = capture.lines.join('');
  // The capture did see the flow: a line for each request at least.
  expect(log).toContain('"path":"/api/reset-password"');
  for (const [kind, values] of Object.entries(secrets)) {
    for (const value of values) {
      expect(log.includes(value), `a log line carries a ${kind} value`).toBe(false);
    }
  }
});
