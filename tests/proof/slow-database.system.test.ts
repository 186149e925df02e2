import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import { buyMany } from './support/shop.js';

// Scenario 12: a slow database. billing and access reach PostgreSQL through a proxy that delays
// every packet both ways. Each request must end within a bound, with an answer or a refusal
// (never a hang), and whatever happened, no tool may be granted without its recorded payment:
// once the latency is gone, the ledger balances.
// The bound is the gateway's upstream timeout (30 s in production, shortened here); the slack
// covers the gateway's own answer.
const LATENCY_MS = Number(process.env.PROOF_DB_LATENCY_MS ?? 60);
const GATEWAY_TIMEOUT_MS = 8_000;
const BOUND_MS = GATEWAY_TIMEOUT_MS + 2_000;

describe('a slow database', () => {
  let stack: ProofStack;
  beforeAll(async () => {
    stack = await startProofStack({
      env: { gateway: { PROXY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS) } },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it(`with ${LATENCY_MS} ms on every packet, purchases answer within bounds and fail closed`, async () => {
    // The database turns slow once the first card is charged: that payment's confirm-payment and
    // webhook meet it, and so does every later step of the others.
    const purchases = await buyMany(stack, 12, 4, {
      afterCard: () => stack.proxies.database.setLatency(LATENCY_MS),
    });
    stack.proxies.database.setLatency(0);

    const slowest = Math.max(...purchases.map((p) => p.elapsedMs));
    console.info(
      `slow database: ${purchases.length} purchases, outcomes ${JSON.stringify(
        purchases.map((p) => p.outcome ?? p.statuses.join('/')),
      )}, slowest ${Math.round(slowest)} ms`,
    );
    // Every request was answered within the bound, with success or a server error (fail closed:
    // never a success the system did not record, never a hang).
    const statuses = purchases.flatMap((p) => p.statuses);
    expect(statuses.filter((s) => !(s < 300 || s >= 500))).toEqual([]);
    expect(purchases.filter((p) => p.slowestStepMs > BOUND_MS)).toEqual([]);
    // A purchase the browser was told succeeded is one the provider and billing both hold.
    expect(ledgerSummary(await settledLedger(stack, 60_000))).toEqual(BALANCED);
  }, 300_000);
});
