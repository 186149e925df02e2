import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchPropagation } from './events.js';
import { benchHttp } from './http.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const events = Number(process.env.BENCH_EVENTS ?? 500);

const http = await benchHttp(seconds);
const propagation = await benchPropagation(events);

const [direct, gateway] = http.load;
const [directLatency, gatewayLatency] = http.latency;
const ratio = direct && gateway ? gateway.requestsPerSec / direct.requestsPerSec : NaN;
const addedP50Ms =
  directLatency && gatewayLatency ? (gatewayLatency.p50Us - directLatency.p50Us) / 1_000 : NaN;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');

const report = `# Platform benchmark

Measured ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.
Load generator (autocannon, 50 connections, ${seconds} s per run) runs on the same machine.

## Trivial authenticated endpoint (GET /api/user with a session token)

Throughput at saturation:

| Target | req/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---:|
${http.load.map((h) => `| ${h.label} | ${h.requestsPerSec} | ${h.p50Ms} | ${h.p99Ms} | ${h.errors} |`).join('\n')}

Latency without queueing (one request at a time, kept-alive connection):

| Target | requests | p50 µs | p99 µs |
|---|---:|---:|---:|
${http.latency.map((l) => `| ${l.label} | ${l.requests} | ${l.p50Us} | ${l.p99Us} |`).join('\n')}

Gateway keeps **${fmt(ratio * 100)}%** of direct throughput (aim ≥ 60%) and adds **${fmt(addedP50Ms)} ms** at p50 (aim < 1 ms; saturated p50 includes queueing, so the added latency is read one request at a time).

## Event propagation (append in one service -> projection visible in access)

${propagation.events} events, one at a time: p50 **${fmt(propagation.p50Ms)} ms**, p99 **${fmt(propagation.p99Ms)} ms**, max ${fmt(propagation.maxMs)} ms (aim p50 < 20 ms, p99 < 100 ms).
`;

const out = fileURLToPath(new URL('../results/platform.md', import.meta.url));
writeFileSync(out, report);
console.log(report);
process.exit(0);
