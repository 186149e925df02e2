// `npm run bench:commerce -w bench`: billing's checkout and time-to-owned, then access's
// dashboard (against a minimal stack) and verification API. Writes bench/results/billing.md and
// bench/results/access.md and prints them. A benchmark, not a test: it reports figures against
// the aims and never fails on them. Needs the built dist (`npx tsc -b`).
//   BENCH_SECONDS      seconds per load run (default 10)
//   BENCH_PURCHASES    purchases timed to owned (default 200)
//   BENCH_CONCURRENCY  checkout concurrencies (default 1,10,25)
//   BENCH_RATE         fixed offered rate for the dashboard (default 500 req/s)
//   BENCH_OPENS        past uses seeded for the dashboard's user (default 1000)
//   BENCH_ONLY         billing | access (default both)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchAccess } from './access.js';
import { accessReport } from './access-report.js';
import { benchBilling } from './billing.js';
import { billingReport } from './billing-report.js';
import { conditions } from './commerce-report.js';
import { progress, stopAllStacks } from './commerce-stack.js';

const env = process.env;
const seconds = Number(env.BENCH_SECONDS ?? 10);
const only = env.BENCH_ONLY;

// Ctrl-C: stop the services and drop the database before leaving.
process.once('SIGINT', () => {
  progress('interrupted: stopping the services and dropping the database');
  void stopAllStacks().finally(() => process.exit(130));
});

const write = (name: string, report: string) => {
  const file = fileURLToPath(new URL(`../results/${name}`, import.meta.url));
  writeFileSync(file, report);
  console.log(report);
  progress(`wrote ${file}`);
};

if (only === undefined || only === 'billing') {
  progress('billing: starting the Stripe sandbox, billing, access and the gateway');
  const measuring = conditions();
  const figures = await benchBilling({
    seconds,
    purchases: Number(env.BENCH_PURCHASES ?? 200),
    concurrencies: (env.BENCH_CONCURRENCY ?? '1,10,25').split(',').map(Number),
  });
  write('billing.md', billingReport(figures, measuring.done()));
}

if (only === undefined || only === 'access') {
  progress('access: starting access, the gateway and the minimal stack');
  const measuring = conditions();
  const figures = await benchAccess({
    seconds,
    rate: Number(env.BENCH_RATE ?? 500),
    opens: Number(env.BENCH_OPENS ?? 1000),
  });
  write('access.md', accessReport(figures, measuring.done()));
}

process.exit(0);
