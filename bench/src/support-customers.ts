import { randomUUID } from 'node:crypto';
import { UserRegisteredV1 } from '@mia/contracts';
import { createSessionSigner, devKeys } from '@mia/service-kit';
import { waitFor, type EventPublisher } from '@mia/testing';
import pg from 'pg';

export interface BenchCustomer {
  id: string;
  token: string;
}

/**
 * Registers `count` customers as identity would (UserRegistered through its relay), waits until
 * support's projection holds them all, and signs each a session token with the development key.
 * Registered customers make the chat read a real account summary, as in production.
 */
export async function registerCustomers(
  identity: EventPublisher,
  databaseUrl: string,
  count: number,
): Promise<BenchCustomer[]> {
  const keys = devKeys();
  if (!keys) throw new Error('development keys not found');
  const sign = createSessionSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer: 'mia-identity',
    audience: 'mia',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM support.customers',
    );
    const expected = (rows[0]?.n ?? 0) + count;
    const customers: BenchCustomer[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const email = `bench-${id.slice(0, 8)}@iglesia.org`;
      const name = `Bench ${i}`;
      await identity.store.append(`user-${id}`, 'no-stream', [
        {
          type: UserRegisteredV1.type,
          version: UserRegisteredV1.version,
          data: { userId: id, email, name, username: `bench${id.slice(0, 8)}`, role: 'user' },
        },
      ]);
      const { token } = await sign({ userId: id, role: 'user', email, name });
      customers.push({ id, token });
    }
    await waitFor(
      async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM support.customers')).rows[0]!
          .n >= expected,
      { timeoutMs: 60_000, intervalMs: 100, message: `${count} customers in support` },
    );
    return customers;
  } finally {
    await db.end();
  }
}
