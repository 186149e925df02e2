// Many customers for the scale benchmark, made the way production makes them: each registered
// through identity's store (identity's own relay publishes it), then a few tools paid through
// billing's store (a relay publishes PaymentSucceeded), so access's consumers build the
// directory, the entitlements and the grants; then each customer's first dashboard issues their
// access code. Returns what the load runs rotate over: a session token, the code and the tools.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { products } from '@mia/catalog';
import { PaymentSucceededV1, UserRegisteredV1 } from '@mia/contracts';
import { createEventStore, createPool, pgRunner } from '@mia/service-kit';
import { startEventPublisher } from '@mia/testing';
import { progress, sessionSigner } from './commerce-stack.js';
import { dashboard } from './access.js';
import type { ScaleStack } from './scale-stack.js';

export interface Customer {
  id: string;
  token: string;
  accessCode: string;
  /** The product ids the customer paid for. */
  owns: string[];
}

/** `work` over `items`, at most `width` at a time. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/** A store on identity's schema: what the benchmark appends is published by identity's relay. */
export function identityStore(url: string) {
  const pool = createPool({ url, schema: 'identity', applicationName: 'bench-identity-store' });
  return { store: createEventStore({ runner: pgRunner(pool), schema: 'identity' }), pool };
}

export function registered(userId: string, i: number) {
  return {
    type: UserRegisteredV1.type,
    data: {
      userId,
      email: `c${i}-${userId.slice(0, 8)}@bench.test`,
      name: `Pastor ${i}`,
      username: `c${i}${userId.slice(0, 6)}`,
      role: 'user' as const,
    },
  };
}

async function waitForAccess(sql: pg.Client, users: number, grants: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  let reported = Date.now();
  while (Date.now() < deadline) {
    const { rows } = await sql.query<{ users: string; grants: string }>(
      `SELECT (SELECT count(*) FROM access.user_directory) AS users,
              (SELECT count(*) FROM access.access_grants) AS grants`,
    );
    if (Number(rows[0]?.users) >= users && Number(rows[0]?.grants) >= grants) return;
    if (Date.now() - reported > 10_000) {
      reported = Date.now();
      progress(`scale: access has ${rows[0]?.users} customers and ${rows[0]?.grants} grants`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`access did not project ${users} customers and ${grants} grants in time`);
}

export async function seedCustomers(
  s: ScaleStack,
  count: number,
  toolsEach: number,
): Promise<Customer[]> {
  const sign = sessionSigner();
  const identity = identityStore(s.stack.db.url);
  const billing = await startEventPublisher(s.stack.db, s.stack.nats, 'billing');
  const sql = new pg.Client({ connectionString: s.stack.db.url });
  await sql.connect();
  try {
    progress(`scale: registering ${count} customers, ${toolsEach} paid tools each`);
    const paidAt = new Date(Date.now() - 86_400_000).toISOString();
    const seeded = await inParallel(
      Array.from({ length: count }, (_, i) => i),
      16,
      async (i) => {
        const id = randomUUID();
        await identity.store.append(`user-${id}`, 'no-stream', [registered(id, i)]);
        // Tools spread over the catalogue: customer i owns i, i+5, i+10... (mod its size).
        const owns = Array.from(
          { length: toolsEach },
          (_, j) => products[(i + j * 5) % products.length]!,
        );
        for (const [j, product] of owns.entries()) {
          const paymentId = randomUUID();
          await billing.store.append(`payment-${paymentId}`, 'no-stream', [
            {
              type: PaymentSucceededV1.type,
              data: {
                paymentId,
                userId: id,
                purpose: { kind: 'product', productId: product.id },
                amountCents: product.priceCents,
                currency: 'usd',
                provider: 'sandbox',
                providerPaymentId: `pi_scale_${i}_${j}`,
                description: product.name,
                paidAt,
                cardLast4: '4242',
                cardBrand: 'visa',
              },
            },
          ]);
        }
        return { id, owns: owns.map((p) => p.id) };
      },
    );
    progress('scale: appended; waiting for access to project them');
    await waitForAccess(sql, count, count * toolsEach);
    progress(`scale: issuing ${count} access codes (each customer's first dashboard)`);
    return await inParallel(seeded, 16, async ({ id, owns }, i) => {
      const token = await sign({ userId: id, email: `c${i}@bench.test`, name: `Pastor ${i}` });
      const { accessCode } = await dashboard(s.access, token);
      if (typeof accessCode !== 'string') throw new Error('the dashboard issued no access code');
      return { id, token, accessCode, owns };
    });
  } finally {
    await sql.end();
    await billing.stop();
    await identity.pool.end();
  }
}
