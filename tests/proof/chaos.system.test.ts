import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRun, runChaos } from './chaos/chaos.js';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary } from './support/settle.js';

// The short, seeded chaos run of the suite (`npm run chaos` is the long one): tools and plans,
// a renewal, refunds, while billing, access, the gateway, NATS and PostgreSQL are killed and
// restarted on a seeded schedule. The ledger must balance.
describe('chaos, short and seeded', () => {
  let stack: ProofStack;
  beforeAll(async () => {
    stack = await startProofStack({ privatePostgres: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('0 lost, 0 duplicated', async () => {
    const result = await runChaos(stack, {
      seed: Number(process.env.CHAOS_SEED ?? 7),
      purchases: 60,
      concurrency: 3,
      paceMs: 700,
      planShare: 0.25,
      refundShare: 0.2,
      renewals: 1,
      faultEveryMs: 2_000,
      maxDownMs: 1_500,
      targets: ['billing', 'access', 'gateway', 'nats', 'postgres'],
    });
    console.info(describeRun(result));
    expect(result.faults.length).toBeGreaterThan(0);
    expect(result.report.counts.payments).toBeGreaterThan(0);
    expect(ledgerSummary(result.report)).toEqual(BALANCED);
  }, 420_000);
});
