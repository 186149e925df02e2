import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import { buyMany, buyTool } from './support/shop.js';

// Scenario 10: a poison event. A "handler bug" is planted in access's database (a trigger that
// fails every grant of one tool), so the PaymentSucceeded of that tool fails on every delivery
// and is parked after the consumer's attempts, while other purchases keep flowing. After the
// fix (the trigger dropped), the operator's `parked retry` delivers it and the ledger balances.
const POISONED = 'apocalipsis';

describe('a poison event', () => {
  let stack: ProofStack;
  let db: pg.Client;
  beforeAll(async () => {
    stack = await startProofStack();
    db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  it('is parked, the rest flow, and parked retry delivers it after the fix', async () => {
    await db.query(`
      CREATE FUNCTION access.proof_handler_bug() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'planted handler bug'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER proof_handler_bug BEFORE INSERT ON access.access_grants
        FOR EACH ROW WHEN (NEW.scope = '${POISONED}') EXECUTE FUNCTION access.proof_handler_bug();`);

    const poisoned = await buyTool(stack, POISONED);
    expect(poisoned.outcome).toBe('succeeded');
    const others = await buyMany(stack, 6, 3, { pick: () => 'manual-ceremonias' });
    expect(others.map((p) => p.outcome)).toEqual(Array(6).fill('succeeded'));

    await waitFor(
      async () => (await db.query('SELECT 1 FROM access.parked_events')).rowCount! > 0,
      { timeoutMs: 90_000, intervalMs: 250, message: 'the poison event parked' },
    );
    // Everything else reached access; only the poisoned payment lacks its grant.
    const meanwhile = await waitFor(
      async () => {
        const report = await stack.ledger();
        return report.counts.ok === 6 ? report : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, message: 'the other purchases granted' },
    );
    expect(meanwhile.counts).toMatchObject({ payments: 7, ok: 6, lost: 1, duplicated: 0 });
    expect(meanwhile.discrepancies.map((d) => d.userId)).toEqual(
      meanwhile.discrepancies.map(() => poisoned.userId),
    );

    await db.query('DROP TRIGGER proof_handler_bug ON access.access_grants');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [stack.access.script, 'parked', 'retry', 'all'],
      { env: { ...process.env, ...stack.access.env } },
    );
    expect(stdout).toContain('Re-driven');
    expect(ledgerSummary(await settledLedger(stack, 30_000))).toEqual(BALANCED);
  }, 240_000);
});
