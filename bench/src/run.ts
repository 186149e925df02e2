// `npm run bench`: the gateway's own cost on a trivial endpoint, GET /api/user against the
// minimal stack with every service's memory, and event propagation. Writes
// bench/results/platform.md and prints it. Figures against aims, never a failure.
//   BENCH_SECONDS       seconds per load run (default 10)
//   BENCH_ROUNDS        rounds of the GET /api/user comparison (default 3)
//   BENCH_IDLE_SECONDS  idle time before the services' idle memory is read (default 30)
//   BENCH_EVENTS        events timed through propagation (default 500)
//   BENCH_ONLY          user: only the GET /api/user comparison (a quick look; no report file)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conditions, header } from './commerce-report.js';
import { progress, stopAllStacks } from './commerce-stack.js';
import { benchPropagation } from './events.js';
import { benchHttp } from './http.js';
import { benchUserRead } from './user-read.js';
import { userReadSection } from './user-read-report.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const events = Number(process.env.BENCH_EVENTS ?? 500);

process.once('SIGINT', () => {
  void stopAllStacks().finally(() => process.exit(130));
});

if (process.env.BENCH_ONLY === 'user') {
  const measuring = conditions();
  const figures = await benchUserRead({
    seconds,
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? 30),
  });
  console.log(header('GET /api/user only', measuring.done(), 'npm run bench'));
  console.log(userReadSection(figures));
  process.exit(0);
}

const measuring = conditions();
progress('trivial endpoint: direct and through the gateway');
const http = await benchHttp(seconds);
progress('GET /api/user: every service, the gateway and the minimal stack');
const userRead = await benchUserRead({
  seconds,
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? 30),
});
progress('event propagation');
const propagation = await benchPropagation(events);

const [direct, gateway] = http.load;
const [directLatency, gatewayLatency] = http.latency;
const ratio = direct && gateway ? gateway.requestsPerSec / direct.requestsPerSec : NaN;
const addedP50Ms =
  directLatency && gatewayLatency ? (gatewayLatency.p50Us - directLatency.p50Us) / 1_000 : NaN;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');

const report = `${header('Platform benchmark', measuring.done(), 'npm run bench')}
Load generator (autocannon, 50 connections, ${seconds} s per run) runs on the same machine.

## Trivial authenticated endpoint (a kit service's cheapest authenticated answer)

Throughput at saturation:

| Target | req/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---:|
${http.load.map((h) => `| ${h.label} | ${h.requestsPerSec} | ${h.p50Ms} | ${h.p99Ms} | ${h.errors} |`).join('\n')}

Latency without queueing (one request at a time, kept-alive connection):

| Target | requests | p50 µs | p99 µs |
|---|---:|---:|---:|
${http.latency.map((l) => `| ${l.label} | ${l.requests} | ${l.p50Us} | ${l.p99Us} |`).join('\n')}

Gateway keeps **${fmt(ratio * 100)}%** of direct throughput (aim ≥ 60%) and adds **${fmt(addedP50Ms)} ms** at p50 (aim < 1 ms; saturated p50 includes queueing, so the added latency is read one request at a time).

${userReadSection(userRead)}
## Event propagation (append in one service -> projection visible in access)

${propagation.events} events, one at a time: p50 **${fmt(propagation.p50Ms)} ms**, p99 **${fmt(propagation.p99Ms)} ms**, max ${fmt(propagation.maxMs)} ms (aim p50 < 20 ms, p99 < 100 ms).
`;

const out = fileURLToPath(new URL('../results/platform.md', import.meta.url));
writeFileSync(out, report);
console.log(report);
process.exit(0);
