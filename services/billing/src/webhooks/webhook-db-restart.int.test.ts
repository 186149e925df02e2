import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startPrivatePostgres,
  waitFor,
  type PrivatePostgres,
  type TestDatabase,
} from '@mia/testing';
import {
  EVENT_WAIT_MS,
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';
import { STRIPE_INBOX } from './stripe-events.js';

// Issue 8: PostgreSQL restarted while a payment's webhook is being delivered. Billing runs on a
// PostgreSQL server of this file's own (the shared one on 5432 must stay up for other tests);
// the sandbox retries failed deliveries every ~second for several seconds, so a retry falls
// after the restart whatever the machine's speed.
const RETRY_DELAYS_MS = [100, 200, 400, 800, ...Array<number>(10).fill(1_000)];

describe('Stripe webhooks while PostgreSQL restarts', () => {
  let server: PrivatePostgres;
  let db: TestDatabase;
  let h: BillingHarness;

  beforeAll(async () => {
    server = await startPrivatePostgres();
    db = await server.createDatabase();
    h = await startBillingHarness({
      database: db,
      sandbox: { webhookRetryDelaysMs: RETRY_DELAYS_MS },
    });
  });
  // A test that failed with the server down must not fail the next one as well.
  afterEach(async () => {
    if (!server.running) await server.start();
  });
  afterAll(async () => {
    await h?.stop();
    await server?.cleanup();
  });

  /** Billing's table, qualified with its schema. */
  const table = (name: string) => `"${h.service.ctx.schema}".${name}`;
  const query = <T>(sql: string, params: unknown[] = []) =>
    h.service.ctx.runner.sql.query<T>(sql, params);

  /** A tool checkout up to the card form: the payment is started, nothing is paid yet. */
  async function checkout(productId: string) {
    const buyer = await h.signIn();
    const intent = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId },
    );
    expect(intent.status).toBe(200);
    return { buyer, ...intent.body };
  }

  /** The sandbox's delivery of payment_intent.succeeded for this PaymentIntent. */
  const successDelivery = (paymentIntentId: string) =>
    h.sandbox
      .deliveries()
      .find((d) => d.type === 'payment_intent.succeeded' && d.objectId === paymentIntentId);

  const firstAnswer = (paymentIntentId: string) =>
    waitFor(() => successDelivery(paymentIntentId)?.attempts[0], {
      message: 'the first webhook delivery to be answered',
    });

  /**
   * Delivered in the end, and every earlier attempt was refused with a 5xx: a 2xx before the
   * payment was committed would have told the provider to stop sending an event billing lost.
   */
  function expectRefusedThenAcknowledged(paymentIntentId: string) {
    const delivery = successDelivery(paymentIntentId);
    expect(delivery?.state).toBe('delivered');
    const statuses = delivery!.attempts.map((a) => a.status);
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.at(-1)).toBe(200);
    for (const status of statuses.slice(0, -1)) {
      expect(status).toBeGreaterThanOrEqual(500);
      expect(status).toBeLessThan(600);
    }
    return delivery!;
  }

  /** One payment, whole: once in the event store, once in the read models, once in the inbox. */
  async function expectPaidOnce(userId: string, paymentIntentId: string, eventId: string) {
    const mine = (await h.events()).filter((e) => e.data.userId === userId);
    const count = (type: string) => mine.filter((e) => e.type === type).length;
    expect(count('PaymentStarted')).toBe(1);
    expect(count('PaymentSucceeded')).toBe(1);
    expect(count('ProductOwned')).toBe(1);
    expect(mine.find((e) => e.type === 'PaymentSucceeded')?.data).toMatchObject({
      providerPaymentId: paymentIntentId,
      cardLast4: '4242',
    });
    const payments = await query<{ status: string; provider_payment_id: string | null }>(
      `SELECT status, provider_payment_id FROM ${table('payments')} WHERE user_id = $1`,
      [userId],
    );
    expect(payments).toEqual([{ status: 'succeeded', provider_payment_id: paymentIntentId }]);
    const owned = await query(`SELECT 1 FROM ${table('owned_products')} WHERE user_id = $1`, [
      userId,
    ]);
    expect(owned).toHaveLength(1);
    const inbox = await query(
      `SELECT 1 FROM ${table('inbox')} WHERE consumer = $1 AND event_id = $2`,
      [STRIPE_INBOX, eventId],
    );
    expect(inbox).toHaveLength(1);
  }

  /**
   * Recovered without being restarted: ready again, a new purchase's webhook applies at the first
   * try, and the outbox relay publishes again.
   */
  async function expectRecovered() {
    const ready = await fetch(`${h.service.url}/readyz`);
    expect(ready.status).toBe(200);

    const { buyer, clientSecret, paymentIntentId } = await checkout('apocalipsis');
    await h.confirmCard(clientSecret, TEST_CARDS.visa);
    await h.settled();
    const delivery = successDelivery(paymentIntentId);
    expect(delivery?.attempts.map((a) => a.status)).toEqual([200]);
    await expectPaidOnce(buyer.userId, paymentIntentId, delivery!.eventId);

    // The relay reconnected by itself: what was appended after the restart reaches NATS.
    await waitFor(
      async () => {
        const [row] = await query<{ behind: boolean }>(
          // In store order (ADR 0014): concurrent appends may commit out of global_position order.
          `SELECT EXISTS (
             SELECT 1 FROM ${table('events')} e, ${table('relay_position')} r
             WHERE r.publisher = 'billing'
               AND (e.transaction_id, e.global_position) > (r.transaction_id, r.position)
           ) AS behind`,
        );
        return row?.behind === false;
      },
      { message: 'the relay to publish every event', timeoutMs: EVENT_WAIT_MS },
    );
  }

  it('a webhook arriving while PostgreSQL is down is refused, and its retry after the restart records the payment once', async () => {
    const { buyer, clientSecret, paymentIntentId } = await checkout('manual-ceremonias');

    await server.stop('fast');
    const paid = await h.confirmCard(clientSecret, TEST_CARDS.visa);
    expect(paid.body.status).toBe('succeeded');
    // Started again only after billing has answered the delivery that came during the outage.
    const duringOutage = await firstAnswer(paymentIntentId);
    expect(duringOutage.status).toBeGreaterThanOrEqual(500);
    await server.start();

    await h.settled();
    const delivery = expectRefusedThenAcknowledged(paymentIntentId);
    await expectPaidOnce(buyer.userId, paymentIntentId, delivery.eventId);
    await expectRecovered();
  });

  it('PostgreSQL crashing inside the webhook transaction leaves nothing of it; the retry applies it whole, once', async () => {
    const { buyer, clientSecret, paymentIntentId } = await checkout('manual-ceremonias');

    // Holding the payment's read-model row stops the webhook's transaction at its last write:
    // the inbox row and the events are inserted (uncommitted), the projection waits for the row.
    const holder = new pg.Client({ connectionString: db.url });
    holder.on('error', () => undefined); // The crash below ends this session too.
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const held = await holder.query(
        `SELECT 1 FROM ${table('payments')} WHERE user_id = $1 FOR UPDATE`,
        [buyer.userId],
      );
      expect(held.rowCount).toBe(1);
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]!.pid;

      await h.confirmCard(clientSecret, TEST_CARDS.visa);
      const blocked = await waitFor(
        async () =>
          (
            await holder.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
              [holderPid],
            )
          ).rows[0]?.pid,
        { message: 'the webhook transaction to wait on the held row' },
      );
      const written = await holder.query<{ relname: string }>(
        `SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE l.pid = $1 AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r'`,
        [blocked],
      );
      expect(written.rows.map((r) => r.relname)).toEqual(
        expect.arrayContaining(['inbox', 'events']),
      );

      // Every backend is killed at once, mid-transaction, as in a crash (well before Prisma's 5 s
      // transaction timeout could end the transaction by itself).
      await server.stop('immediate');
    } finally {
      await holder.end().catch(() => undefined);
    }
    const duringOutage = await firstAnswer(paymentIntentId);
    expect(duringOutage.status).toBeGreaterThanOrEqual(500);
    await server.start();

    await h.settled();
    const delivery = expectRefusedThenAcknowledged(paymentIntentId);
    await expectPaidOnce(buyer.userId, paymentIntentId, delivery.eventId);
    await expectRecovered();
  });
});
