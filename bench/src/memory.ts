// `npm run bench:memory -w bench`: every service and the gateway from the built dist under a
// moderate mixed load through the gateway, each process's resident memory and V8 heap when
// started, after the load and idle, against the aims (services < 120 MB, gateway < 80 MB).
// Writes bench/results/memory.md and prints it. A benchmark: it reports, never fails on the aims.
// Needs the built dist (`npm run build`).
//   BENCH_MEMORY_NODE_OPTIONS  node flags for the processes (default: the image's NODE_OPTIONS
//                              from deploy/docker/service.Dockerfile; `none` for none); the
//                              image's MALLOC_ARENA_MAX applies too unless set here
//   BENCH_JOURNEY_USERS        virtual users doing journeys (default 10)
//   BENCH_JOURNEY_SECONDS      how long they do (default 20)
//   BENCH_SECONDS              seconds of each autocannon run (default 10)
//   BENCH_CONNECTIONS          autocannon connections (default 50)
//   BENCH_IDLE_SECONDS         idle time before the idle reading (default 30)
//   BENCH_MEMORY_SNAPSHOTS     set: a heap snapshot of each process after the idle reading, in
//                              the working directory (needs --heapsnapshot-signal=SIGUSR2 in
//                              BENCH_MEMORY_NODE_OPTIONS), and what stays live after its full GC
//   BENCH_MEMORY_OUT           file to write (default bench/results/memory.md)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conditions } from './commerce-report.js';
import { progress, root, stopAllStacks } from './commerce-stack.js';
import { imageEnvOf } from './memory-figures.js';
import { memoryReport } from './memory-report.js';
import { memoryRun } from './memory-run.js';

const env = process.env;
process.once('SIGINT', () => {
  progress('interrupted: stopping the services and dropping the databases');
  void stopAllStacks().finally(() => process.exit(130));
});

const image = imageEnvOf(readFileSync(`${root}deploy/docker/service.Dockerfile`, 'utf8'), [
  'NODE_OPTIONS',
  'MALLOC_ARENA_MAX',
]);
const flags = env.BENCH_MEMORY_NODE_OPTIONS ?? image.NODE_OPTIONS ?? '';
// The started processes inherit these (fork passes this process's environment on).
process.env.NODE_OPTIONS = flags === 'none' ? '' : flags;
if (image.MALLOC_ARENA_MAX && env.MALLOC_ARENA_MAX === undefined)
  process.env.MALLOC_ARENA_MAX = image.MALLOC_ARENA_MAX;

const measuring = conditions();
const run = await memoryRun({
  journeyUsers: Number(env.BENCH_JOURNEY_USERS ?? 10),
  journeySeconds: Number(env.BENCH_JOURNEY_SECONDS ?? 20),
  seconds: Number(env.BENCH_SECONDS ?? 10),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  idleSeconds: Number(env.BENCH_IDLE_SECONDS ?? 30),
  ...(env.BENCH_MEMORY_SNAPSHOTS ? { snapshotDir: process.cwd() } : {}),
});
const report = memoryReport(run, measuring.done());
const file =
  env.BENCH_MEMORY_OUT ?? fileURLToPath(new URL('../results/memory.md', import.meta.url));
writeFileSync(file, report);
console.log(report);
progress(`wrote ${file}`);
process.exit(0);
