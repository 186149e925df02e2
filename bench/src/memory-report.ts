// bench/results/memory.md from one memory run: the measured tables, then the findings of the
// investigation that chose the settings (memory-findings.ts), which the figures above re-check.
import { aim, header, type Conditions } from './commerce-report.js';
import { fmt } from './commerce-stack.js';
import { SERVING_V8_FLAGS } from '@mia/service-kit';
import { MEMORY_FINDINGS } from './memory-findings.js';
import { MEASURED, PHASES, type Measured, type MemoryRun } from './memory-run.js';

export const AIM_MB: Record<Measured, number> = {
  identity: 120,
  billing: 120,
  access: 120,
  support: 120,
  gateway: 80,
};

const mb = (n: number) => fmt(n, 0);

export function memoryReport(run: MemoryRun, c: Conditions): string {
  const { samples, options } = run;
  const rssRows = MEASURED.map((name) => {
    const idle = samples.idle[name].proc.rssMb;
    return `| ${name} | ${PHASES.map((p) => mb(samples[p][name].proc.rssMb)).join(' | ')} | ${mb(samples.idle[name].proc.peakMb)} | < ${AIM_MB[name]} | ${aim(idle < AIM_MB[name])} |`;
  });
  const breakdownRows = MEASURED.map((name) => {
    const { proc, heap } = samples.idle[name];
    const space = (s: string) => mb(heap.spaces[s]?.sizeMb ?? NaN);
    return `| ${name} | ${mb(proc.rssMb)} | ${mb(proc.fileMb)} | ${mb(proc.anonMb)} | ${mb(heap.heapTotalMb)} | ${mb(heap.heapUsedMb)} | ${space('new')} | ${space('old')} | ${space('code')} | ${space('large_object')} | ${mb(heap.externalMb)} | ${mb(proc.anonMb - heap.heapTotalMb - heap.externalMb)} | ${proc.threads} |`;
  });
  const loadRows = run.loads.map(
    (l) =>
      `| ${l.label} | ${l.requestsPerSec} | ${fmt(l.p50Ms)} | ${fmt(l.p99Ms)} | ${l.errors}${l.errorKinds ? ` (${l.errorKinds})` : ''} |`,
  );
  const live = samples.live;
  const liveRows = live
    ? MEASURED.map(
        (name) =>
          `| ${name} | ${mb(samples.idle[name].heap.heapUsedMb)} | ${mb(live[name].heap.heapUsedMb)} | ${mb(live[name].heap.spaces.old?.usedMb ?? NaN)} |`,
      )
    : [];
  const over = MEASURED.filter((n) => !(samples.idle[n].proc.rssMb < AIM_MB[n]));
  return `${header('Memory of each process', c, 'npm run bench:memory -w bench')}
Every service and the gateway from the built dist, as the image runs them (NODE_OPTIONS
\`${run.nodeOptions || '(none)'}\`, MALLOC_ARENA_MAX \`${run.mallocArenaMax || '(unset)'}\`; the kit's
serving flags, \`${SERVING_V8_FLAGS.join(' ')}\`, set by each service itself), on the load benchmark's stack (PostgreSQL, NATS, the Stripe
sandbox). Load through the gateway: ${options.journeyUsers} virtual users doing whole journeys
(register, sign in, buy, open, dashboard, chat, ticket) for ${options.journeySeconds} s
(${run.journeys} journeys), then ${options.seconds} s each of GET /api/user, GET /api/dashboard and
POST /api/gpt/v1/verify at ${options.connections} connections. Idle: ${options.idleSeconds} s
without traffic. Written by \`npm run bench:memory -w bench\` (needs \`npm run build\`).

## Resident memory (MB, VmRSS)

| Process | started | after load | idle | peak (VmHWM) | aim idle | |
|---|---:|---:|---:|---:|---:|---|
${rssRows.join('\n')}

${over.length ? `Over the aim when idle: ${over.join(', ')} (the reasons are under Findings).` : 'Every process meets its aim when idle.'}

## Where it is when idle (MB)

Resident = file-backed (the node binary and shared libraries, mapped and shared between
processes) + anonymous (what the process allocated). Of the anonymous part, V8's heap of the main
thread (committed, by space) and the external memory (Buffers, WebAssembly memories) are
V8's own figures from /metrics; the rest is native: malloc arenas, thread stacks, worker
threads' own isolates, code not in the heap.

| Process | resident | file | anon | heap committed | heap used | new space | old space | code space | large objects | external | native rest | threads |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${breakdownRows.join('\n')}

${
  live
    ? `## Live heap (after the full GC of a heap snapshot, MB)

| Process | heap used idle | heap used after a full GC | old space used after it |
|---|---:|---:|---:|
${liveRows.join('\n')}

`
    : ''
}## The load (through the gateway)

| Run | req/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---|
${loadRows.join('\n')}

${MEMORY_FINDINGS}`;
}
