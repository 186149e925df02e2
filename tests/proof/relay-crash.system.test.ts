import pg from 'pg';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import { buyMany, buyTool } from './support/shop.js';

// Scenario 1: billing killed (SIGKILL) after committing a payment and before its relay published
// it. NATS is stopped first, so the payment's events can only wait in billing's outbox; billing
// is then killed, NATS and billing come back, and the ledger must show every payment once.
describe('billing killed between commit and publish', () => {
  let stack: ProofStack;
  beforeAll(async () => {
    stack = await startProofStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** Events billing committed that its relay has not recorded as published. */
  async function unpublished(): Promise<number> {
    const client = new pg.Client({ connectionString: stack.db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM billing.events e
          WHERE NOT EXISTS (SELECT 1 FROM billing.relay_position r
                             WHERE (r.transaction_id, r.position) >= (e.transaction_id, e.global_position))`,
      );
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  }

  it('the payments waiting in the outbox are published once after the restart', async () => {
    const warmUp = await buyMany(stack, 3, 3);
    expect(warmUp.map((p) => p.outcome)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);

    await stack.nats.stop('SIGKILL');
    const during = await Promise.all([0, 1, 2].map(() => buyTool(stack, 'manual-ceremonias')));
    // The provider took the money and billing recorded it, with NATS down.
    expect(during.map((p) => p.outcome)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(await unpublished()).toBeGreaterThan(0);

    await stack.billing.kill('SIGKILL');
    await stack.nats.start();
    await stack.billing.start();

    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);
    await waitFor(async () => (await unpublished()) === 0, { message: 'the outbox drained' });
  }, 120_000);
});
