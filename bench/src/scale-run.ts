// `npm run bench:scale -w bench`: issue 22's benchmarks in one run, ours beside the minimal stacks
// (the GPT verification call for many customers, the dashboard at a fixed rate, GET /api/user,
// event propagation). Writes bench/results/scale.md and prints it. A benchmark, not a test: it
// reports figures against the aims and never fails on them. Needs the built dist (`npx tsc -b`).
// About 2.5 minutes with the defaults on a quiet machine (seeding the customers is most of the rest).
//   BENCH_CUSTOMERS    customers, each with an access code (default 500)
//   BENCH_TOOLS        tools each customer owns (default 2)
//   BENCH_SECONDS      seconds per saturation run (default 5)
//   BENCH_ROUNDS       saturation rounds (default 3)
//   BENCH_RATE         fixed offered rate (default 500 req/s)
//   BENCH_FIXED_SECONDS, BENCH_FIXED_ROUNDS  runs at the fixed rate (default 6 s, 2 rounds)
//   BENCH_EVENTS, BENCH_EVENT_RATE  propagation (default 300 events at 25/s)
//   BENCH_ONLY         comma-separated phases: verify,dashboard,user,propagation (a quick look;
//                      the report then holds only those)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conditions } from './commerce-report.js';
import { progress, stopAllStacks } from './commerce-stack.js';
import { benchScale, PHASES, type Phase } from './scale.js';
import { scaleReport } from './scale-report.js';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const phases = (env.BENCH_ONLY?.split(',') ?? PHASES) as Phase[];
for (const p of phases) {
  if (!PHASES.includes(p)) throw new Error(`BENCH_ONLY: unknown phase ${p} (${PHASES.join(', ')})`);
}

process.once('SIGINT', () => {
  progress('interrupted: stopping the services and dropping the database');
  void stopAllStacks().finally(() => process.exit(130));
});

const measuring = conditions();
const figures = await benchScale({
  customers: num('BENCH_CUSTOMERS', 500),
  toolsEach: num('BENCH_TOOLS', 2),
  seconds: num('BENCH_SECONDS', 5),
  rounds: num('BENCH_ROUNDS', 3),
  rate: num('BENCH_RATE', 500),
  fixedSeconds: num('BENCH_FIXED_SECONDS', 6),
  fixedRounds: num('BENCH_FIXED_ROUNDS', 2),
  events: num('BENCH_EVENTS', 300),
  eventRate: num('BENCH_EVENT_RATE', 25),
  phases,
});
const report = scaleReport(figures, measuring.done());
const out = fileURLToPath(new URL('../results/scale.md', import.meta.url));
writeFileSync(out, report);
console.log(report);
progress(`wrote ${out}`);
process.exit(0);
