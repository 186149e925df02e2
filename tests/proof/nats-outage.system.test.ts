import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import { all2xx, buyMany, buyTool, webhookAttemptsSince, type Purchase } from './support/shop.js';

// Scenarios 4 and 5: the broker crashes in the middle of a burst of purchases, and the broker
// stays down while purchases and webhooks keep arriving. The browser API and the webhook
// endpoint must keep answering 2xx (billing records the payment and its events wait in the
// outbox), and once NATS is back every payment reaches access exactly once.
// PROOF_BURST and PROOF_NATS_OUTAGE_S lengthen the runs (the 1,000 purchases, 2 minutes).
const BURST = Number(process.env.PROOF_BURST ?? 60);
const OUTAGE_MS = Number(process.env.PROOF_NATS_OUTAGE_S ?? 8) * 1_000;

describe('NATS failing under purchases', () => {
  let stack: ProofStack;
  beforeAll(async () => {
    stack = await startProofStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it(`nats-server killed -9 in the middle of ${BURST} purchases, then restarted`, async () => {
    let crashed: Promise<void> | undefined;
    let restarted: Promise<void> | undefined;
    const purchases = await buyMany(stack, BURST, 6, {
      onDone(done) {
        if (done === Math.floor(BURST / 3)) crashed = stack.nats.stop('SIGKILL');
        if (done === Math.floor((2 * BURST) / 3))
          restarted = crashed!.then(() => stack.nats.start());
      },
    });
    await restarted;
    expect(stack.nats.running).toBe(true);
    expect(purchases.filter((p) => p.outcome !== 'succeeded')).toEqual([]);
    expect(ledgerSummary(await settledLedger(stack, 60_000))).toEqual(BALANCED);
  }, 300_000);

  it('NATS down for a while: purchases and webhooks answered 2xx, the backlog drains after', async () => {
    const since = new Date().toISOString();
    await stack.nats.stop('SIGKILL');
    const down = Date.now();
    const during: Purchase[] = [];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while (Date.now() - down < OUTAGE_MS)
          during.push(await buyTool(stack, 'manual-ceremonias'));
      }),
    );
    // Every webhook the sandbox sent meanwhile was answered (none waits for a retry).
    const attempts = await webhookAttemptsSince(stack, since);
    await stack.nats.start();

    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((p) => !all2xx(p.statuses) || p.outcome !== 'succeeded')).toEqual([]);
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.filter((a) => !all2xx([a.status]))).toEqual([]);
    expect(ledgerSummary(await settledLedger(stack, 60_000))).toEqual(BALANCED);
  }, 300_000);
});
