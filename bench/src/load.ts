// `npm run bench:load`: virtual users doing the whole journey through the gateway at rising
// concurrency (bounded to 5 minutes), then the dashboard against the event store's size and the
// time to rebuild access's projections. Writes bench/results/load.md and prints it. A benchmark,
// not a test: it reports figures against the aims and never fails on them. Needs the built dist
// (`npm run build`).
//   BENCH_LOAD_USERS    concurrency levels (default 10,50,100,200)
//   BENCH_LOAD_SECONDS  seconds per level (default 45; the levels stop at 5 minutes in all)
//   BENCH_STORE_EVENTS  events in access's store for the large read (default 1000000)
//   BENCH_STORE_MIDDLE  events of the first, smaller replay (default 100000)
//   BENCH_SECONDS       seconds per dashboard read (default 10)
//   BENCH_ONLY          journey | store (default both)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conditions } from './commerce-report.js';
import { progress, stopAllStacks } from './commerce-stack.js';
import { runLevel, type LevelFigures } from './load-levels.js';
import { loadReport, type LoadRun } from './load-report.js';
import { startLoadStack } from './load-stack.js';
import { benchStore } from './load-store.js';

const env = process.env;
const users = (env.BENCH_LOAD_USERS ?? '10,50,100,200').split(',').map(Number);
const levelSeconds = Number(env.BENCH_LOAD_SECONDS ?? 45);
const BOUND_MS = 5 * 60_000;
// Time a level's journeys under way get to finish before they are cut.
const GRACE_SECONDS = 20;
const only = env.BENCH_ONLY;

process.once('SIGINT', () => {
  progress('interrupted: stopping the services and dropping the databases');
  void stopAllStacks().finally(() => process.exit(130));
});

const measuring = conditions();
const run: LoadRun = { levels: [], skipped: [], levelSeconds, graceSeconds: GRACE_SECONDS };

if (only === undefined || only === 'journey') {
  progress('journey: starting the sandbox, the four services and the gateway');
  const stack = await startLoadStack();
  const began = performance.now();
  try {
    for (const [i, n] of users.entries()) {
      // A level that cannot finish inside the bound is not started.
      if (performance.now() - began + (levelSeconds + GRACE_SECONDS) * 1000 > BOUND_MS) {
        run.skipped.push(...users.slice(i));
        break;
      }
      progress(`journey: ${n} users for ${levelSeconds} s`);
      const level: LevelFigures = await runLevel(stack, n, levelSeconds, GRACE_SECONDS);
      run.levels.push(level);
      progress(
        `journey: ${n} users: ${level.journeys} journeys, ${level.journeysPerSec.toFixed(1)}/s, errors ${JSON.stringify(level.errors)}, cut ${JSON.stringify(level.cut)}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (only === undefined || only === 'store') {
  progress('store: starting access and the gateway');
  run.store = await benchStore({
    seconds: Number(env.BENCH_SECONDS ?? 10),
    rate: Number(env.BENCH_RATE ?? 100),
    smallEvents: 1_000,
    middleEvents: Number(env.BENCH_STORE_MIDDLE ?? 100_000),
    largeEvents: Number(env.BENCH_STORE_EVENTS ?? 1_000_000),
  });
}

const report = loadReport(run, measuring.done());
const file = fileURLToPath(new URL('../results/load.md', import.meta.url));
writeFileSync(file, report);
console.log(report);
progress(`wrote ${file}`);
process.exit(0);
