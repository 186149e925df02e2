// The model-based test: seeded random scenarios run against the real services through the
// sandbox, each step's answer and each customer's dashboard compared with the reference model.
// Customers of a batch act in rounds: each does its next step (or nothing), the dashboards are
// compared, the shared clock moves for everyone (services and sandbox together), the dashboards
// are compared again. At the end of a batch its plans are cancelled at the provider, so later
// batches' clock moves do not keep renewing them, and its open disputes are closed.
import { loadavg } from 'node:os';
import { products } from '@mia/catalog';
import { waitFor } from '@mia/testing';
import { sandboxClient } from '../ledger/provider.js';
import type { ProofStack } from '../support/proof-stack.js';
import { webhooksDelivered } from '../support/shop.js';
import { modelCustomers, type ModelCustomer } from './customer.js';
import {
  applyStep,
  emptyCustomer,
  usableAt,
  type Answer,
  type CustomerModel,
  type Step,
  type TimedStep,
} from './reference.js';
import { describeStep, MAX_ROUNDS, nextClockMove, nextStep, seeded } from './scenarios.js';
import type { SharedClock } from './shared-clock.js';

export interface ModelOptions {
  seed: number;
  scenarios: number;
  /** Customers acting at once (one batch). */
  batch: number;
  /** Rounds per batch (each: a step per customer, then a clock move). At most 19. */
  rounds: number;
  /** How long a dashboard may take to agree after a step (events on their way). */
  settleMs: number;
  /** Stop starting new batches after this long (the large run's budget); 0: no limit. */
  budgetMs?: number;
}

export interface Divergence {
  seed: number;
  batch: number;
  customer: number;
  what: string;
  steps: string[];
}

export interface ModelResult {
  options: ModelOptions;
  scenarios: number;
  steps: number;
  checks: number;
  divergences: Divergence[];
  seconds: number;
  /** The machine's load averages (1, 5, 15 min) at the end. */
  load: number[];
  stepsByKind: Record<string, number>;
}

const CATALOGUE = products.map((p) => p.id);
const DAY_MS = 86_400_000;

interface Scenario {
  index: number;
  customer: ModelCustomer;
  model: CustomerModel;
  steps: TimedStep[];
  answers: (number | null)[];
}

const fmt = (s: Set<string>) =>
  s.size === CATALOGUE.length ? 'all tools' : s.size === 0 ? 'none' : [...s].sort().join(',');

function stepList(s: Scenario): string[] {
  return s.steps.map(({ step, at }, i) => {
    const answer = s.answers[i];
    return `${new Date(at).toISOString()} ${describeStep(step)}${answer == null ? '' : ` -> ${answer}`}`;
  });
}

async function perform(
  c: ModelCustomer,
  step: Step,
  at: number,
  paymentsSoFar: number,
  expected: Answer | null,
): Promise<number | null> {
  switch (step.kind) {
    case 'subscribe':
      return c.subscribe(step.plan, step.card);
    case 'refund':
      return c.refund(step.mode, paymentsSoFar);
    case 'close-dispute':
      return c.closeDispute(step.outcome);
    case 'card':
      return c.updateCard(step.card);
    case 'change':
      return c.changePlan(step.plan);
    case 'cancel':
      return c.cancel();
    case 'resume':
      return c.resume();
    case 'trial':
      return c.trial();
    case 'buy':
      return c.buy(step.productId, expected);
    case 'grant':
      return c.grant(step.productId, step.days === null ? null : new Date(at + step.days * DAY_MS));
    case 'revoke':
      return c.revoke(step.productId);
    case 'advance':
      return null;
  }
}

export async function runModel(
  stack: ProofStack,
  clock: SharedClock,
  options: ModelOptions,
  log: (line: string) => void = () => {},
): Promise<ModelResult> {
  if (options.rounds > MAX_ROUNDS) throw new Error(`at most ${MAX_ROUNDS} rounds`);
  const began = performance.now();
  const customers = await modelCustomers(stack);
  const stripe = sandboxClient(stack.sandbox.url, stack.sandboxKey);
  const result: ModelResult = {
    options,
    scenarios: 0,
    steps: 0,
    checks: 0,
    divergences: [],
    seconds: 0,
    load: [],
    stepsByKind: {},
  };
  const batches = Math.ceil(options.scenarios / options.batch);
  try {
    for (let b = 0; b < batches; b++) {
      if (options.budgetMs && performance.now() - began > options.budgetMs) {
        log(`budget spent after ${b} batches`);
        break;
      }
      const random = seeded(options.seed * 100_003 + b);
      const size = Math.min(options.batch, options.scenarios - b * options.batch);
      const scenarios: Scenario[] = Array.from({ length: size }, (_, i) => ({
        index: i,
        customer: customers.customer(),
        model: emptyCustomer(),
        steps: [],
        answers: [],
      }));

      const diverged = (s: Scenario, what: string) => {
        const divergence: Divergence = {
          seed: options.seed,
          batch: b,
          customer: s.index,
          what,
          steps: stepList(s),
        };
        result.divergences.push(divergence);
        log(`DIVERGENCE seed ${options.seed} batch ${b} customer ${s.index}: ${what}`);
        for (const line of divergence.steps) log(`    ${line}`);
      };

      /** Every dashboard agrees with the model (given time for events on their way). */
      const compare = async () => {
        await webhooksDelivered(stack, 60_000);
        await Promise.all(
          scenarios.map(async (s) => {
            result.checks += 1;
            let last = { expected: new Set<string>(), actual: new Set<string>() };
            const agreed = await waitFor(
              async () => {
                const actual = await s.customer.usable();
                const expected = usableAt(s.steps, clock.now(), CATALOGUE);
                last = { expected, actual };
                return fmt(expected) === fmt(actual) ? true : undefined;
              },
              { timeoutMs: options.settleMs, intervalMs: 100, message: 'dashboard' },
            ).catch(() => false);
            if (!agreed) {
              diverged(
                s,
                `at ${new Date(clock.now()).toISOString()} the dashboard shows ${fmt(last.actual)}, the model ${fmt(last.expected)}`,
              );
            }
          }),
        );
      };

      for (let round = 0; round < options.rounds; round++) {
        const planned = scenarios.map((s) => nextStep(s.model, random));
        const days = nextClockMove(random);
        await Promise.all(
          scenarios.map(async (s, i) => {
            const step = planned[i];
            if (!step) return;
            const at = clock.now();
            const timed = { step, at };
            const paymentsBefore = s.model.payments.length;
            const expected: Answer | null = applyStep(s.model, timed);
            s.steps.push(timed);
            const answer = await perform(s.customer, step, at, paymentsBefore, expected).catch(
              (err: unknown) => `error ${String(err)}`,
            );
            s.answers.push(typeof answer === 'number' ? answer : null);
            result.steps += 1;
            result.stepsByKind[step.kind] = (result.stepsByKind[step.kind] ?? 0) + 1;
            if (answer !== expected) {
              diverged(
                s,
                `${describeStep(step)} answered ${answer}, the model expected ${expected}`,
              );
            }
          }),
        );
        await compare();
        const at = clock.now();
        for (const s of scenarios) {
          const timed = { step: { kind: 'advance', days } as const, at };
          applyStep(s.model, timed);
          s.steps.push(timed);
          s.answers.push(null);
        }
        result.steps += scenarios.length;
        result.stepsByKind.advance = (result.stepsByKind.advance ?? 0) + scenarios.length;
        await clock.advanceDays(days);
        await compare();
      }
      await cancelPlansOf(stripe, scenarios);
      await customers.closeOpenDisputes(new Set(scenarios.map((s) => s.customer.userId)));
      result.scenarios += size;
      log(
        `batch ${b + 1}/${batches}: ${result.scenarios} scenarios, ${result.steps} steps, ` +
          `${result.divergences.length} divergences, ${((performance.now() - began) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await customers.close();
  }
  result.seconds = (performance.now() - began) / 1000;
  result.load = loadavg().map((l) => Math.round(l * 100) / 100);
  return result;
}

/** Ends a batch's plans at the provider, so the clock moves of later batches skip them. */
async function cancelPlansOf(
  stripe: ReturnType<typeof sandboxClient>,
  scenarios: readonly Scenario[],
): Promise<void> {
  const users = new Set(scenarios.map((s) => s.customer.userId));
  const ending: string[] = [];
  for await (const sub of stripe.subscriptions.list({ status: 'all', limit: 100 })) {
    const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
    if (!ended && users.has(sub.metadata?.userId ?? '')) ending.push(sub.id);
  }
  for (const id of ending) await stripe.subscriptions.cancel(id);
}

export function describeModelRun(r: ModelResult): string {
  const kinds = Object.entries(r.stepsByKind)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    `seed ${r.options.seed}: ${r.scenarios} scenarios (${r.options.batch} customers a batch, ${r.options.rounds} rounds)`,
    `${r.steps} steps (${kinds}), ${r.checks} dashboard checks`,
    `${r.divergences.length} divergences`,
    `${r.seconds.toFixed(1)} s, load average ${r.load.join(' / ')}`,
  ].join('\n');
}
