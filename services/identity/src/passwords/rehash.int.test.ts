import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity({ BCRYPT_COST: '10' });
});
afterAll(() => identity?.stop());

async function storedHash(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: identity.db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM identity.users WHERE email = $1',
      [email],
    );
    return rows[0]!.password_hash;
  } finally {
    await client.end();
  }
}

it('re-hashes a password with the new cost at the next sign-in, keeping sessions and links', async () => {
  const user = uniqueUser();
  const client = identity.client();
  expect((await client.post('/api/register', user)).status).toBe(201);
  expect(await storedHash(user.email)).toMatch(/^\$2b\$10\$/);

  await identity.restart({ BCRYPT_COST: '11' });
  const login = await identity
    .client()
    .post('/api/login', { username: user.email, password: user.password });
  expect(login.status).toBe(200);
  expect(await storedHash(user.email)).toMatch(/^\$2b\$11\$/);
  // Same password: no PasswordChanged, and the first session is still alive.
  expect((await client.get('/api/user')).status).toBe(200);
  expect(identity.published.ofType('PasswordChanged')).toEqual([]);
  expect(
    (await identity.client().post('/api/login', { username: user.email, password: user.password }))
      .status,
  ).toBe(200);
});
