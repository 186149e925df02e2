import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import { startSystem, type TestSystem } from '../support/system.js';

// A user's first minutes, across real processes: identity records the registration, the relay
// publishes it, access's consumer files it in its directory, and the request id the browser's
// call carried is the one stamped on the event.
describe('registration flows from identity to access', () => {
  let system: TestSystem;
  let db: pg.Client;

  beforeAll(async () => {
    system = await startSystem();
    db = new pg.Client({ connectionString: system.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await system?.stop();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${system.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl, ...headers },
      body: JSON.stringify(body),
    });

  it('registers through the gateway, reaches access, and signs out everywhere', async () => {
    const requestId = `sys-${randomUUID()}`;
    const email = `Pastora.${randomUUID().slice(0, 8)}@Iglesia.org`;
    const res = await post(
      '/api/register',
      { name: 'Pastora Ruth', username: `ruth${Date.now()}`, email, password: 'Gracia-y-Paz-2026' },
      { 'x-request-id': requestId },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const user = (await res.json()) as { id: string; email: string };
    expect(user.email).toBe(email.toLowerCase());
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';

    const entry = await waitFor(
      async () =>
        (
          await db.query(
            'SELECT user_id::text, email FROM access.user_directory WHERE email = $1',
            [user.email],
          )
        ).rows[0],
      { message: "the user in access's directory" },
    );
    expect(entry).toEqual({ user_id: user.id, email: user.email });

    const { rows } = await db.query(
      `SELECT metadata->>'requestId' AS request_id FROM identity.events
       WHERE type = 'UserRegistered' AND data->>'userId' = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ request_id: requestId }]);

    const me = await fetch(`${system.baseUrl}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await post('/api/logout', {}, { cookie })).status).toBe(200);
    const after = await fetch(`${system.baseUrl}/api/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });
});
