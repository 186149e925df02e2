// The chaos run: purchases of tools and plans (renewals by the sandbox's clock, refunds at the
// provider) while a seeded schedule kills services, NATS and PostgreSQL with SIGKILL and brings
// them back; then the ledger. The seed fixes the purchase mix, the refunds and the sequence of
// faults (target, pause before, time down), so a failing run can be replayed; where a fault
// lands among the purchases still depends on the machine's speed.
import { sandboxClient } from '../ledger/provider.js';
import type { LedgerReport } from '../ledger/classify.js';
import type { ProofStack } from '../support/proof-stack.js';
import { settledLedger } from '../support/settle.js';
import { buyPlan, buyTool, TOOLS_FOR_SALE } from '../support/shop.js';

export type ChaosTarget = 'billing' | 'access' | 'gateway' | 'nats' | 'postgres';

export interface ChaosOptions {
  seed: number;
  purchases: number;
  concurrency: number;
  /** Pause of each buyer between purchases, so that the run spans the faults. */
  paceMs: number;
  /** Share of purchases that are plans (the rest are tools). */
  planShare: number;
  /** Share of paid tools refunded at the provider. */
  refundShare: number;
  /** Times the sandbox's clock moves a month ahead (monthly plans renew), spread over the run. */
  renewals: number;
  /** Mean pause between faults, and the longest time a target stays down. */
  faultEveryMs: number;
  maxDownMs: number;
  targets: readonly ChaosTarget[];
}

export interface Fault {
  atMs: number;
  target: ChaosTarget;
  downMs: number;
}

export interface ChaosResult {
  options: ChaosOptions;
  runSeconds: number;
  settleSeconds: number;
  faults: Fault[];
  tools: number;
  plans: number;
  /** Browser-side outcomes: how many purchases the customer saw complete, and how many failed. */
  answered: { completed: number; failed: number };
  /** Failed purchases by the HTTP statuses of their steps (`200/402`, `502`, `fetch failed`). */
  failures: Record<string, number>;
  refunds: number;
  report: LedgerReport;
}

/** mulberry32: small, seeded, good enough to pick faults. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function down(stack: ProofStack, target: ChaosTarget, ms: number): Promise<void> {
  if (target === 'nats') {
    await stack.nats.stop('SIGKILL');
    await sleep(ms);
    await stack.nats.start();
  } else if (target === 'postgres') {
    if (!stack.postgres) throw new Error('postgres faults need a private PostgreSQL');
    await stack.postgres.stop('immediate');
    await sleep(ms);
    await stack.postgres.start();
  } else {
    await stack[target].kill('SIGKILL');
    await sleep(ms);
    await stack[target].start();
  }
}

export async function runChaos(
  stack: ProofStack,
  options: ChaosOptions,
  progress: (line: string) => void = () => undefined,
): Promise<ChaosResult> {
  const began = performance.now();
  const mix = seeded(options.seed);
  const plan = Array.from({ length: options.purchases }, (_, i) =>
    mix() < options.planShare
      ? {
          kind: 'plan' as const,
          planType: mix() < 0.7 ? ('monthly' as const) : ('annual' as const),
        }
      : { kind: 'tool' as const, productId: TOOLS_FOR_SALE[i % TOOLS_FOR_SALE.length]! },
  );
  const refundPick = seeded(options.seed + 1);
  const faultPick = seeded(options.seed + 2);
  const faults: Fault[] = [];
  const paidTools: string[] = [];
  const answered = { completed: 0, failed: 0 };
  const failures: Record<string, number> = {};
  const failed = (why: string) => {
    failures[why] = (failures[why] ?? 0) + 1;
    return false;
  };
  let done = 0;
  let running = true;

  let round: ChaosTarget[] = [];
  const chaos = (async () => {
    while (running) {
      await sleep(options.faultEveryMs * (0.5 + faultPick()));
      if (!running) break;
      // Rounds of every target in a seeded order: each one is hit, none twice in a row by chance.
      if (round.length === 0) round = shuffled(options.targets, faultPick);
      const target = round.pop()!;
      const downMs = Math.round(200 + faultPick() * (options.maxDownMs - 200));
      faults.push({ atMs: Math.round(performance.now() - began), target, downMs });
      progress(`fault ${faults.length}: ${target} down ${downMs} ms (${done} purchases done)`);
      await down(stack, target, downMs);
    }
  })();

  const renewAt = new Set(
    Array.from({ length: options.renewals }, (_, k) =>
      Math.floor(((k + 1) * options.purchases) / (options.renewals + 1)),
    ),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      for (let i = next++; i < plan.length; i = next++) {
        const step = plan[i]!;
        const ok =
          step.kind === 'tool'
            ? await buyTool(stack, step.productId)
                .then((p) => {
                  if (p.outcome === 'succeeded' && p.paymentIntentId)
                    paidTools.push(p.paymentIntentId);
                  return p.outcome === 'succeeded' || failed(`tool ${p.statuses.join('/')}`);
                })
                .catch(() => failed('tool: no answer'))
            : await buyPlan(stack, step.planType)
                .then((p) => p.paid || failed(`plan ${p.statuses.join('/')}`))
                .catch(() => failed('plan: no answer'));
        answered[ok ? 'completed' : 'failed']++;
        done++;
        // A customer whose purchase failed tries again a while later, not at once.
        await sleep(ok ? options.paceMs : Math.max(options.paceMs, 1_000));
        if (renewAt.has(i)) {
          progress(`clock: a month ahead at purchase ${i}`);
          await stack.sandboxControl('POST', '/_clock/advance', { days: 31 });
        }
      }
    }),
  );
  // Refunds at the provider (as from Stripe's dashboard) while the faults go on.
  const stripe = sandboxClient(stack.sandbox.url, stack.sandboxKey);
  const refunded = paidTools.filter(() => refundPick() < options.refundShare);
  for (const pi of refunded) await stripe.refunds.create({ payment_intent: pi });
  running = false;
  await chaos;
  const runSeconds = (performance.now() - began) / 1000;
  progress(`run over after ${runSeconds.toFixed(0)} s; settling`);

  // The provider retries webhooks for about two minutes: that bounds the settling.
  const settleStart = performance.now();
  const report = await settledLedger(stack, 180_000);
  return {
    options,
    runSeconds,
    settleSeconds: (performance.now() - settleStart) / 1000,
    faults,
    tools: plan.filter((p) => p.kind === 'tool').length,
    plans: plan.filter((p) => p.kind === 'plan').length,
    answered,
    failures,
    refunds: refunded.length,
    report,
  };
}

/** The run in a few lines: what was bought, what failed, and the ledger's counts. */
export function describeRun(result: ChaosResult): string {
  const c = result.report.counts;
  const byTarget = new Map<string, number>();
  for (const f of result.faults) byTarget.set(f.target, (byTarget.get(f.target) ?? 0) + 1);
  return [
    `seed ${result.options.seed}: ${result.tools} tool purchases, ${result.plans} plans, ` +
      `${result.options.renewals} renewals, ${result.refunds} refunds in ${result.runSeconds.toFixed(0)} s; ` +
      `settled in ${result.settleSeconds.toFixed(0)} s`,
    `faults: ${result.faults.length} (${[...byTarget].map(([t, n]) => `${t} ${n}`).join(', ')})`,
    `customers saw ${result.answered.completed} purchases complete and ${result.answered.failed} fail` +
      (result.answered.failed > 0
        ? ` (${Object.entries(result.failures)
            .map(([why, n]) => `${why}: ${n}`)
            .join(', ')})`
        : ''),
    `ledger: ${c.payments} provider payments: ${c.ok} ok, ${c.lost} lost, ${c.duplicated} duplicated, ` +
      `${c.wrong} wrong; ${c.subscriptions} plans, ${c.subscriptionsWrong} with wrong access; ` +
      `${c.unbacked} unbacked`,
  ].join('\n');
}
