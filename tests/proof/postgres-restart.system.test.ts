import pg from 'pg';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import {
  payAtProvider,
  TOOLS_FOR_SALE,
  webhookDeliveries,
  webhooksDelivered,
  type SandboxDelivery,
} from './support/shop.js';
import { startWebhookTap, type WebhookTap } from './support/webhook-tap.js';

// Scenario 6: PostgreSQL crashes while billing is inside the transactions of three payments'
// webhooks. No confirm-payment: the provider's `payment_intent.succeeded` is the only way billing
// learns of each payment. The crash must leave nothing of them (no inbox row, no event, no paid
// row, no grant), the provider must have heard a refusal, and its retry after the restart must
// apply each payment whole, once, with billing never restarted.
//
// The moment is made, not waited for: the tap keeps the sandbox's webhooks until the payments'
// read-model rows are locked by the test, so billing's webhook transactions stop inside, with
// the payment's events written but not committed; then the server is stopped as in a crash.

const TOOLS = TOOLS_FOR_SALE.slice(0, 3);
const STRIPE_INBOX = 'stripe-webhooks';

/** What billing and access hold of these payments, read in one read-only transaction. */
async function traces(databaseUrl: string, userIds: string[], eventIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN READ ONLY');
    const count = async (sql: string, params: unknown[]) =>
      Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);
    const payments = await client.query<{ status: string }>(
      'SELECT status FROM billing.payments WHERE user_id = ANY($1) ORDER BY status',
      [userIds],
    );
    const events = (type: string) =>
      count(
        `SELECT count(*) AS n FROM billing.events WHERE type = $1 AND data->>'userId' = ANY($2)`,
        [type, userIds],
      );
    return {
      payments: payments.rows.map((r) => r.status),
      paymentSucceeded: await events('PaymentSucceeded'),
      productOwned: await events('ProductOwned'),
      inbox: await count(
        'SELECT count(*) AS n FROM billing.inbox WHERE consumer = $1 AND event_id = ANY($2)',
        [STRIPE_INBOX, eventIds],
      ),
      owned: await count(
        'SELECT count(*) AS n FROM billing.owned_products WHERE user_id = ANY($1)',
        [userIds],
      ),
      grants: await count(
        `SELECT count(*) AS n FROM access.access_grants WHERE user_id = ANY($1) AND status = 'active'`,
        [userIds],
      ),
    };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

describe('PostgreSQL restarted in the middle of webhook processing', () => {
  let stack: ProofStack;
  let tap: WebhookTap;
  beforeAll(async () => {
    stack = await startProofStack({ privatePostgres: true });
    tap = await startWebhookTap(stack);
  }, 120_000);
  afterAll(async () => {
    await tap?.close();
    await stack?.stop();
  });

  it("the crash leaves nothing of the webhooks' transactions; the provider's retry applies each payment once", async () => {
    const postgres = stack.postgres!;
    tap.pause();
    const paid = await Promise.all(TOOLS.map((tool) => payAtProvider(stack, tool)));
    expect(paid.map((p) => p.cardStatus)).toEqual(TOOLS.map(() => 200));
    const userIds = paid.map((p) => p.userId);
    const intents = paid.map((p) => p.paymentIntentId);
    // The sandbox's first attempts, waiting at the tap.
    await waitFor(() => tap.waiting === TOOLS.length, {
      message: 'the sandbox to send each payment_intent.succeeded',
    });
    const eventIds = intents.map(
      (pi) =>
        tap.captured.find((h) => h.type === 'payment_intent.succeeded' && h.objectId === pi)!.id,
    );

    const holder = new pg.Client({ connectionString: stack.db.url });
    holder.on('error', () => undefined); // The crash ends this session too.
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const locked = await holder.query(
        'SELECT 1 FROM billing.payments WHERE user_id = ANY($1) FOR UPDATE',
        [userIds],
      );
      expect(locked.rowCount).toBe(TOOLS.length);
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows[0]!.pid;

      tap.resume();
      // Appends are serialised per schema: the first webhook writes its events and waits on its
      // locked row, the others wait for the append lock, each inside its own transaction.
      const blocked = await waitFor(
        async () => {
          const { rows } = await holder.query<{ pid: number; byHolder: boolean }>(
            `SELECT pid, $1 = ANY(pg_blocking_pids(pid)) AS "byHolder" FROM pg_stat_activity
              WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
            [holderPid],
          );
          return rows.length === TOOLS.length ? rows : undefined;
        },
        { message: "each webhook's transaction to wait inside" },
      );
      const first = blocked.filter((b) => b.byHolder);
      expect(first.length).toBeGreaterThan(0);
      const written = await holder.query<{ relname: string }>(
        `SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = $1 AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r'`,
        [first[0]!.pid],
      );
      expect(written.rows.map((r) => r.relname)).toContain('events');

      // The retries are kept at the tap until the test has looked at the restarted server.
      tap.pause();
      await postgres.stop('immediate');
    } finally {
      await holder.end().catch(() => undefined);
    }

    // The provider was refused: nothing told it the payments were recorded.
    const ours = (deliveries: SandboxDelivery[]) =>
      intents.map((pi) =>
        deliveries.find((d) => d.type === 'payment_intent.succeeded' && d.objectId === pi),
      );
    const during = await waitFor(
      async () => {
        const found = ours(await webhookDeliveries(stack));
        return found.every((d) => d && d.attempts.length > 0) ? found : undefined;
      },
      { message: 'billing to answer the webhooks caught in the crash' },
    );
    const firstAnswers = during.map((d) => d!.attempts[0]!.status);
    expect(firstAnswers.filter((s) => s === null || s < 500)).toEqual([]);

    await postgres.start();
    // Back up, before any retry: not a trace of the three webhooks.
    expect(await traces(stack.db.url, userIds, eventIds)).toEqual({
      payments: ['pending', 'pending', 'pending'],
      paymentSucceeded: 0,
      productOwned: 0,
      inbox: 0,
      owned: 0,
      grants: 0,
    });

    // The provider's retries, as it sent them, go on to billing.
    await waitFor(() => tap.waiting === TOOLS.length, {
      message: 'the sandbox to retry each refused webhook',
    });
    tap.resume();
    await webhooksDelivered(stack, 30_000);

    const after = ours(await webhookDeliveries(stack));
    console.info(
      `postgres restart: webhook attempts ${JSON.stringify(
        after.map((d) => d?.attempts.map((x) => x.status)),
      )}`,
    );
    for (const delivery of after) {
      // Refused while the payment was not committed, acknowledged once it was.
      const statuses = delivery!.attempts.map((a) => a.status);
      expect(delivery!.state).toBe('delivered');
      expect(statuses.length).toBeGreaterThan(1);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.slice(0, -1).filter((s) => s === null || s < 500)).toEqual([]);
    }
    expect(stack.billing.running).toBe(true);
    const ledger = await settledLedger(stack);
    expect(await traces(stack.db.url, userIds, eventIds)).toEqual({
      payments: ['succeeded', 'succeeded', 'succeeded'],
      paymentSucceeded: 3,
      productOwned: 3,
      inbox: 3,
      owned: 3,
      grants: 3,
    });
    expect(ledgerSummary(ledger)).toEqual(BALANCED);
  }, 60_000);
});
