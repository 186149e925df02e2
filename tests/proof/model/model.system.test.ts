import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofStack } from '../support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from '../support/settle.js';
import { describeModelRun, runModel } from './model.js';
import { startModelStack } from './model-stack.js';
import type { SharedClock } from './shared-clock.js';

// Issue 20, "Proof": the reference model against the real billing, access and gateway through
// the sandbox, on one clock. A short seeded run in the suite (MODEL_SCENARIOS, 36 by default, about 45 s);
// the large one is `npm run chaos -- --model`. A divergence prints its seed and steps.

describe('plans over time: the services agree with the reference model', () => {
  let stack: ProofStack;
  let clock: SharedClock;
  beforeAll(async () => {
    ({ stack, clock } = await startModelStack({ poolMax: 4 }));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await clock?.dispose();
  });

  it('every answer and every dashboard as the model says, step after step', async () => {
    const result = await runModel(
      stack,
      clock,
      {
        seed: Number(process.env.MODEL_SEED ?? 20),
        scenarios: Number(process.env.MODEL_SCENARIOS ?? 36),
        batch: 12,
        rounds: 8,
        settleMs: 10_000,
      },
      (line) => console.log(`[model] ${line}`),
    );
    console.log(describeModelRun(result));
    expect(result.steps).toBeGreaterThan(100);
    expect(result.divergences).toEqual([]);
    // And the money of all those plans balances: every paid period with its access window.
    const report = await settledLedger(stack);
    console.log(report.counts);
    expect(report.counts.planPeriods).toBeGreaterThan(10);
    expect(ledgerSummary(report)).toEqual(BALANCED);
  }, 600_000);
});
