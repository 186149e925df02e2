// bench/results/load.md: the journey under rising concurrency, where it gives first, and the
// dashboard against the event store's size with the projections' rebuild time.
import { aim, header, type Conditions } from './commerce-report.js';
import { fmt } from './commerce-stack.js';
import type { LevelFigures } from './load-levels.js';
import { STEPS } from './load-journey.js';
import type { Read, StoreFigures } from './load-store.js';

export interface LoadRun {
  levels: LevelFigures[];
  /** Levels not run because the 5-minute bound was reached. */
  skipped: number[];
  levelSeconds: number;
  graceSeconds: number;
  store?: StoreFigures;
}

const errorsOf = (l: LevelFigures) =>
  Object.entries(l.errors)
    .map(([k, n]) => `${n}× ${k}`)
    .join(', ') || '0';

const cutOf = (l: LevelFigures) =>
  Object.entries(l.cut)
    .map(([k, n]) => `${n}× ${k}`)
    .join(', ') || '0';

const serverErrors = (l: LevelFigures) =>
  Object.entries(l.errors)
    .filter(([k]) => /\s5\d\d$/.test(k))
    .reduce((a, [, n]) => a + n, 0);

/** The busiest process of a level, and whether it had a core to itself. */
/** `service n` for each service whose figure was above 0, or `0`. */
const perService = (figures: Record<string, number>) =>
  Object.entries(figures)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ') || '0';

function bottleneck(l: LevelFigures): string {
  const ranked = Object.entries(l.cpu).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
  const [name, share] = ranked[0] ?? ['n/a', NaN];
  return `${name} ${fmt(share ?? NaN, 0)} %`;
}

export function loadReport(run: LoadRun, c: Conditions): string {
  const { levels } = run;
  const top = levels.at(-1);
  const processes = [...new Set(levels.flatMap((l) => Object.keys(l.cpu)))];
  const lines = [
    header('Load benchmark: the whole journey through the gateway', c, 'npm run bench:load'),
    `Every part runs as its own process from the built dist: the Stripe sandbox, identity, billing,
access, support and the gateway, on a fresh database and NATS prefix; PostgreSQL and NATS are the
machine's shared servers. The virtual users run in the benchmark's process on the same 2 cores.

A journey, all through the gateway with the browser's cookies: register -> sign in -> create a
payment intent for a tool -> the sandbox card confirm (Stripe.js's form) -> confirm-payment ->
the dashboard polled every 25 ms until access has granted the tool (**the event lag**: billing's
PaymentSucceeded through the relay, NATS and access's consumer) -> open the tool -> dashboard ->
support chat (no language model: its own triage) -> open a ticket. Each user runs journeys back
to back for ${run.levelSeconds} s per level; a failed step ends that journey (after a 503 with
Retry-After, the user waits that long before the next, as a person told "busy" would). Then no journey
starts, and those under way get ${run.graceSeconds} s to finish before they are cut (counted apart:
*cut*, with the step they were waiting on), which keeps the run inside 5 minutes.

## Journeys per level

| Users | Journeys | Journeys/s | Journey p50 ms | Journey p99 ms | Errors (step status) | 5xx | Cut at the end (step) | Busiest process (CPU, 100 % = 1 core) |
|---:|---:|---:|---:|---:|---|---:|---|---|
${levels
  .map(
    (l) =>
      `| ${l.users} | ${l.journeys} | ${fmt(l.journeysPerSec)} | ${fmt(l.journey.p50Ms, 0)} | ${fmt(l.journey.p99Ms, 0)} | ${errorsOf(l)} | ${serverErrors(l)} | ${cutOf(l)} | ${bottleneck(l)} |`,
  )
  .join('\n')}
${run.skipped.length ? `\nNot run (the 5-minute bound was reached): ${run.skipped.join(', ')} users.\n` : ''}
Aim: no 5xx at 200 users: ${
      top && top.users === 200
        ? aim(serverErrors(top) === 0)
        : 'not measured (200 users not reached)'
    }.

## Per step, p50 / p99 ms

| Step | ${levels.map((l) => `${l.users} users`).join(' | ')} |
|---|${levels.map(() => '---:').join('|')}|
${STEPS.map(
  (s) =>
    `| ${s} | ${levels.map((l) => `${fmt(l.steps[s].p50Ms, 0)} / ${fmt(l.steps[s].p99Ms, 0)}`).join(' | ')} |`,
).join('\n')}

## Where it gives first

CPU per process over each level (share of one core; the machine has 2), from /proc/<pid>/stat;
\`postgres (run db)\` sums the PostgreSQL backends connected to this run's database. From each
process's /metrics once a second, the highest seen: relay lag (events stored, not yet published
to NATS), requests waiting for a PostgreSQL connection (\`db_pool_clients{state="waiting"}\`;
one that waits its whole allowance is answered 503 \`busy\`) and identity's password-hash tasks
running or waiting (\`password_hash_tasks\`; 2 workers). Samples: a lower bound of the peaks.

| Process | ${levels.map((l) => `${l.users} users`).join(' | ')} |
|---|${levels.map(() => '---:').join('|')}|
${processes
  .map(
    (p) =>
      `| ${p} | ${levels.map((l) => `${fmt(l.cpu[p as keyof typeof l.cpu] ?? NaN, 0)} %`).join(' | ')} |`,
  )
  .join('\n')}
| relay lag max (events) | ${levels.map((l) => perService(l.relayLagMax)).join(' | ')} |
| connection waits max (requests) | ${levels.map((l) => perService(l.poolWaitingMax ?? {})).join(' | ')} |
| identity hash tasks max | ${levels.map((l) => fmt(l.hashQueueMax ?? NaN, 0)).join(' | ')} |
`,
  ];
  const s = run.store;
  if (s) {
    // autocannon reports whole milliseconds: at a few ms, one is its resolution, not a change.
    const small = s.small.read.fixedRate.p50Ms;
    const flat = s.large.read.fixedRate.p50Ms <= Math.max(small * 1.2, small + 1);
    const row = (label: string, r: Read) =>
      `| ${label} | ${r.saturation.requestsPerSec} | ${r.saturation.p50Ms} / ${r.saturation.p99Ms} | ${r.fixedRate.p50Ms} / ${r.fixedRate.p99Ms} | ${r.saturation.errors + r.fixedRate.errors} |`;
    lines.push(`## The dashboard against the event store's size

One user with 14 paid tools and past uses reads \`GET /api/dashboard\` through the gateway
(autocannon: 50 connections at saturation, then 10 connections at a fixed ${s.rate} req/s for the
latency; a 5 s warm-up before each). Then other users' GptOpened events (100 per user) are written
straight into access's store with SQL in bulk (${fmt(s.large.seedSeconds, 0)} s in all, with access
stopped and its relay's position moved past them, so NATS is not flooded with old news), access
is started again, and the same reads are taken. Last, \`node services/access/dist/main.js replay\`
(the kit's replay: every projection emptied and rebuilt from the whole store in one transaction,
5,000 events a query, access's usage counts added a chunk at a time in one statement)
is timed at a middle size and at the large one, and the reads are taken once more over the
rebuilt projections (which then hold the other users' usage rows too) when the large replay
succeeded.

| Events in access's store | Saturation req/s | Saturation p50 / p99 ms | At ${s.rate} req/s p50 / p99 ms | Errors |
|---:|---:|---:|---:|---:|
${[
  row(String(s.small.events), s.small.read),
  row(String(s.large.events), s.large.read),
  ...(s.afterReplay ? [row(`${s.large.events}, after the replay`, s.afterReplay)] : []),
].join('\n')}

Aim: flat within 20 % (p50 at ${s.rate} req/s; autocannon counts whole milliseconds, so 1 ms
more is within its resolution): ${aim(flat)}.

Rebuilding access's projections (\`replay\`; aim < 60 s for 1M events):

| Events in the store | Result | Seconds | Events/s |
|---:|---|---:|---:|
${s.replays
  .map(
    (r) =>
      `| ${r.events} | ${r.failure ? `**failed**: ${r.failure.replaceAll('|', '/')}` : 'rebuilt'} | ${fmt(r.seconds, 1)} | ${r.failure ? 'n/a' : fmt(r.events / r.seconds, 0)} |`,
  )
  .join('\n')}

Aim (< 60 s at 1M): ${aim(s.replays.some((r) => r.events >= 1_000_000 && !r.failure && r.seconds < 60))}.
`);
  }
  return lines.join('\n');
}
