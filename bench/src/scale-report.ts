// bench/results/scale.md: issue 22's figures of one run, each against its aim, with the machine's
// load before, during and after, and the reason for every aim not met.
import { cpus } from 'node:os';
import { header, type Conditions } from './commerce-report.js';
import { fmt, type LoadFigures } from './commerce-stack.js';
import type { Pair, ScaleFigures } from './scale.js';
import {
  aimsTable,
  busy,
  cpuPerRequest,
  keptUp,
  median,
  overRounds,
  pct,
  type Aim,
  type Machine,
} from './scale-stats.js';

const VERIFY_RATIO_AIM = 0.9;
const VERIFY_P99_AIM_MS = 50;
const USER_RATIO_AIM = 0.9;
const PROPAGATION_P50_AIM_MS = 5;
const PROPAGATION_P99_AIM_MS = 20;

function table(pairs: Pair[]): string {
  const ours = overRounds(pairs.map((p) => p.ours));
  const minimal = overRounds(pairs.map((p) => p.minimal));
  const row = (r: ReturnType<typeof overRounds>) =>
    `| ${r.label} | ${fmt(r.requestsPerSec, 0)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${r.errors} | ${r.perRound.join(', ')} |`;
  const errors = [ours, minimal]
    .filter((r) => r.errorKinds)
    .map((r) => `\n\nErrors of ${r.label}: ${r.errorKinds}.`)
    .join('');
  return `| Stack | req/s (median) | p50 ms | p99 ms | errors | req/s per round |
|---|---:|---:|---:|---:|---|
${row(ours)}
${row(minimal)}${errors}`;
}

const cpuOf = (pairs: Pair[]) => ({
  ours: cpuPerRequest(pairs.map((p) => p.ours)),
  minimal: cpuPerRequest(pairs.map((p) => p.minimal)),
});

/** CPU per request of each part; what the work alone predicts for the throughput ratio. */
function cpuTable(pairs: Pair[], service: string, minimalServer: string): string {
  const { ours, minimal } = cpuOf(pairs);
  const row = (name: string, c: typeof ours, parts: string) =>
    `| ${name} | ${parts} | ${fmt(c.front, 3)} | ${fmt(c.service, 3)} | ${fmt(c.database, 3)} | **${fmt(c.total, 3)}** |`;
  return `CPU time per request (ms, from /proc: user + system, median over rounds), which the
machine's other load hardly moves. On a machine of their own, with every part CPU-bound, the
work alone would give ours **${pct(minimal.total / ours.total)}** of the minimal stack's throughput.

| Stack | front / service | front | service | PostgreSQL backends | total |
|---|---|---:|---:|---:|---:|
${row('ours', ours, `gateway / ${service}`)}
${row('minimal', minimal, `plain proxy / ${minimalServer}`)}
`;
}

const cpuWhy = (pairs: Pair[]) => {
  const { ours, minimal } = cpuOf(pairs);
  return `CPU per request ours ${fmt(ours.total, 2)} ms against ${fmt(minimal.total, 2)} ms (the work alone predicts ${pct(minimal.total / ours.total)})`;
};

/** Why ours' tail at a fixed rate was longer: more work per request, or waiting for a core. */
function dashboardWhy(pairs: Pair[]): string {
  const { ours, minimal } = cpuOf(pairs);
  const p99s = (side: keyof Pair) => pairs.map((p) => fmt(p[side].p99Ms)).join(', ');
  return ours.total <= minimal.total
    ? `${cpuWhy(pairs)}: ours does no more work per request, so its longer tail is waiting for a core, not work; tails at a fixed rate move from round to round on a busy machine (p99 per round ours ${p99s('ours')} ms, minimal ${p99s('minimal')} ms)`
    : `${cpuWhy(pairs)}: ours does more work per request (the gateway's routing, headers and metrics, access's request log and metrics); p99 per round ours ${p99s('ours')} ms, minimal ${p99s('minimal')} ms`;
}

/** `17.4 % (rounds 14.1–32.6 %)`: the median ratio and how far the rounds spread. */
const ratioFigure = (pairs: Pair[]) => {
  const each = pairs.map((p) => p.ours.requestsPerSec / p.minimal.requestsPerSec);
  return `${pct(ratioOf(pairs))} (rounds ${pct(Math.min(...each))}–${pct(Math.max(...each))})`;
};

const ratioOf = (pairs: Pair[]) =>
  median(pairs.map((p) => p.ours.requestsPerSec)) /
  median(pairs.map((p) => p.minimal.requestsPerSec));
const perRound = (pairs: Pair[]) =>
  pairs.map((p) => pct(p.ours.requestsPerSec / p.minimal.requestsPerSec)).join(', ');
const p99Of = (runs: LoadFigures[]) => median(runs.map((r) => r.p99Ms));
const allKeptUp = (runs: LoadFigures[], rate: number) =>
  runs.every((r) => keptUp(r.requestsPerSec, rate));
const queueing = (runs: LoadFigures[], rate: number) =>
  runs.some((r) => !keptUp(r.requestsPerSec, rate))
    ? `did not keep up with ${rate} req/s in every round (served ${runs.map((r) => r.requestsPerSec).join(', ')}), so its latencies include queueing`
    : undefined;

const same = (yes: boolean) =>
  yes ? 'yes, identical JSON' : '**NO, the answers differ (see the run log)**';

export function scaleReport(f: ScaleFigures, c: Conditions): string {
  const o = f.options;
  const machine: Machine = {
    cpus: cpus().length,
    loadBefore: c.loadBefore,
    loadAfter: c.loadAfter,
    loadPeak: Math.max(...f.loads.map((l) => l.load)),
  };
  const aims: Aim[] = [];
  const sections: string[] = [];

  if (f.verify) {
    const v = f.verify;
    const ratio = ratioOf(v.saturation);
    const p99 = p99Of(v.fixedRate.map((p) => p.ours));
    const oursUp = allKeptUp(
      v.fixedRate.map((p) => p.ours),
      o.rate,
    );
    aims.push(
      {
        what: 'verification throughput at saturation, ours / minimal',
        aim: `≥ ${VERIFY_RATIO_AIM * 100} %`,
        figure: ratioFigure(v.saturation),
        met: ratio >= VERIFY_RATIO_AIM,
        why: `ours does more per call than the minimal stack: ${cpuWhy(v.saturation)}; the gateway, validation, the in-memory limits, six round trips to PostgreSQL on plain pg (one prepared read of the code's owner and their entitlements' head version, then BEGIN, the append with its stream lock, the use count, the hour's count, COMMIT) against three plain prepared statements, and the relay publishing every use to NATS (the outbox: GptOpened v2 and its v1 twin, one acknowledgement each) where the minimal stack publishes nothing`,
      },
      {
        what: `verification p99 at ${o.rate} req/s, ours`,
        aim: `< ${VERIFY_P99_AIM_MS} ms`,
        figure: `${fmt(p99)} ms`,
        met: oursUp && p99 < VERIFY_P99_AIM_MS,
        why: queueing(
          v.fixedRate.map((p) => p.ours),
          o.rate,
        ),
      },
    );
    sections.push(`## GPT verification call: POST /api/gpt/v1/verify

**Customers**: ${o.customers}, each registered through identity's store and owning ${o.toolsEach} tools paid
through billing's store (access built its directory, entitlements and grants from the relays'
events), each with the access code their first dashboard issued. Every request takes the next
body in turn (every customer's code with their first tool, then their second...), so consecutive
calls are different customers'. Same API key, \`Authorization: Bearer\`.

**Ours**: the gateway -> access (built dist): the key checked, the per-key and per-code limits
counted in memory (raised for the run: ${o.customers} codes at hundreds of calls per second would be
429s; the counting still happens), the body validated with zod, the user found by the code's
HMAC lookup (one prepared statement, plain pg, which also reads the user's entitlements head
version), the grants folded from the user's entitlements stream and kept in memory per user (only
newer events are read), then **one write
transaction**: the \`GptOpened\` appended to the user's usage stream (ADR 0014) with its two
projections (the use count, the usage alert's hourly count) and the alert's check; after commit
access's relay publishes each use to JetStream (billing notes uses for disputes).

**Minimal event-sourced stack**: the plain \`node:http\` proxy -> Express
(bench/src/servers/minimal-verify.ts): the key compared in constant time, the code by its HMAC
(one prepared SELECT), the grants with one prepared SELECT on access's grants table, the use as
one prepared INSERT of the stream's next version (unique \`(stream_id, version)\`, retried on
conflict) into an events table of its own; no projection, no limits, no validation library.

Same answer as ours for the first 20 bodies: ${same(v.sameAnswer)}. Uses appended during the
phase: ours ${v.appended.ours}, minimal ${v.appended.minimal} (one per answered call, warm-ups included).

### At saturation (50 connections, ${o.rounds} rounds of ${o.seconds} s per stack, alternating which goes first)

${table(v.saturation)}

Ours serves **${pct(ratio)}** of the minimal stack's throughput (median over rounds; per round ${perRound(v.saturation)}).

${cpuTable(v.saturation, 'access', 'minimal-verify.ts')}
### At a fixed ${o.rate} req/s (autocannon's overall rate over 50 connections, ${o.fixedRounds} rounds of ${o.fixedSeconds} s)

${table(v.fixedRate)}

Ours: p99 **${fmt(p99)} ms** (median over rounds); the minimal stack's ${fmt(p99Of(v.fixedRate.map((p) => p.minimal)))} ms.
`);
  }

  if (f.dashboard) {
    const d = f.dashboard;
    const ours = p99Of(d.fixedRate.map((p) => p.ours));
    const minimal = p99Of(d.fixedRate.map((p) => p.minimal));
    const up =
      allKeptUp(
        d.fixedRate.map((p) => p.ours),
        o.rate,
      ) &&
      allKeptUp(
        d.fixedRate.map((p) => p.minimal),
        o.rate,
      );
    aims.push({
      what: `dashboard p99 at ${o.rate} req/s, ours against the minimal stack's`,
      aim: 'no worse',
      figure: `${fmt(ours)} ms vs ${fmt(minimal)} ms`,
      met: up && ours <= minimal,
      why:
        queueing(
          d.fixedRate.map((p) => p.ours),
          o.rate,
        ) ?? dashboardWhy(d.fixedRate),
    });
    sections.push(`## Dashboard: GET /api/dashboard at a fixed ${o.rate} req/s

The same ${o.customers} customers' session tokens in turn (after the verification phase, so each has uses).
**Ours**: the gateway -> access (session verification cached per token, its read models by one
prepared statement, the code opened from its sealed row). **Minimal**: the plain proxy ->
Express with jose on every request and five plain \`pg\` prepared statements
(bench/src/servers/minimal-dashboard.ts). Same answer for the first 10 customers: ${same(d.sameAnswer)}.
${o.fixedRounds} rounds of ${o.fixedSeconds} s per stack, 50 connections, alternating which goes first.

${table(d.fixedRate)}

p99 ours **${fmt(ours)} ms** against the minimal stack's **${fmt(minimal)} ms** (medians over rounds).

${cpuTable(d.fixedRate, 'access', 'minimal-dashboard.ts')}`);
  }

  if (f.user) {
    const u = f.user;
    const ratio = ratioOf(u.saturation);
    aims.push({
      what: 'GET /api/user throughput, ours / minimal',
      aim: `≥ ${USER_RATIO_AIM * 100} %`,
      figure: ratioFigure(u.saturation),
      met: ratio >= USER_RATIO_AIM,
      why: `${cpuWhy(u.saturation)}: the gateway costs more per request than the bare proxy (routing table, security headers, request id, metrics), and identity's kit adds its request log and metrics`,
    });
    sections.push(`## GET /api/user at saturation

One registered user (identity's \`/api/register\`). **Ours**: the gateway -> identity (session
verification cached per token, the session and user rows by one prepared statement).
**Minimal**: the plain proxy -> Express with jose on every request and two plain \`pg\` prepared
SELECTs (bench/src/servers/minimal-user.ts). Same answer: ${same(u.sameAnswer)}.
50 connections, ${o.rounds} rounds of ${o.seconds} s per stack, alternating which goes first.

${table(u.saturation)}

Ours serves **${pct(ratio)}** of the minimal stack's throughput (per round ${perRound(u.saturation)}).

${cpuTable(u.saturation, 'identity', 'minimal-user.ts')}`);
  }

  if (f.propagation) {
    const p = f.propagation;
    const quiet = !busy(machine);
    const split = `of the time, identity's relay (append -> NATS) took p50 ${fmt(p.published.p50Ms)} ms and access's consumer (NATS -> projection) the rest`;
    const quietNote = [quiet ? undefined : 'the aim is for a quiet machine', split]
      .filter(Boolean)
      .join('; ');
    aims.push(
      {
        what: 'event propagation p50, identity -> access',
        aim: `< ${PROPAGATION_P50_AIM_MS} ms`,
        figure: `${fmt(p.endToEnd.p50Ms)} ms`,
        met: p.endToEnd.p50Ms < PROPAGATION_P50_AIM_MS,
        ...(quietNote ? { why: quietNote } : {}),
      },
      {
        what: 'event propagation p99, identity -> access',
        aim: `< ${PROPAGATION_P99_AIM_MS} ms`,
        figure: `${fmt(p.endToEnd.p99Ms)} ms`,
        met: p.endToEnd.p99Ms < PROPAGATION_P99_AIM_MS && p.lost === 0,
        ...(quietNote || p.lost
          ? {
              why: [quietNote, p.lost ? `${p.lost} events never arrived` : '']
                .filter(Boolean)
                .join('; '),
            }
          : {}),
      },
    );
    sections.push(`## Event propagation: identity -> access

\`UserRegistered\` appended to identity's store (by the benchmark, on identity's schema) ->
identity's relay (in the identity process, woken by the append's NOTIFY) -> JetStream ->
access's consumer (in the access process) -> access's directory row. A trigger on the directory
table NOTIFYs the benchmark when the row commits. ${p.endToEnd.count} events (after 20 warm-up ones) appended
at ${p.rate} per second, open loop (an append does not wait for the last one to arrive).

| From the append's start to | events | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|
| the append's commit | ${p.append.count} | ${fmt(p.append.p50Ms)} | ${fmt(p.append.p99Ms)} | ${fmt(p.append.maxMs)} |
| the event on its NATS subject (identity's relay published it) | ${p.published.count} | ${fmt(p.published.p50Ms)} | ${fmt(p.published.p99Ms)} | ${fmt(p.published.maxMs)} |
| access's projection row committed | ${p.endToEnd.count} | ${fmt(p.endToEnd.p50Ms)} | ${fmt(p.endToEnd.p99Ms)} | ${fmt(p.endToEnd.maxMs)} |

Events that never arrived (10 s): ${p.lost}.
`);
  }

  return `${header("Scale benchmark: issue 22's figures in one run", c, 'npm run bench:scale -w bench')}
One stack for every figure below, started once (bench/src/scale-stack.ts): identity, access and
the gateway from the built dist as \`npm start\` runs them, and the minimal stacks (one Express
process per request kind) behind one bare \`node:http\` proxy that routes by path, on the same
PostgreSQL and NATS. autocannon runs in the benchmark's process on the same machine.

Load average (1 min) at the start of each phase: ${f.loads.map((l) => `${l.phase} ${l.load.toFixed(2)}`).join(', ')}.

## Aims

${aimsTable(aims, machine)}

${sections.join('\n')}`;
}
