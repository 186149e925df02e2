// Measures bcrypt on this machine, to choose BCRYPT_COST: `npm run measure-bcrypt -w services/identity`.
import { availableParallelism, cpus } from 'node:os';
import { BcryptPool } from './bcrypt-pool.js';

const costs = [10, 11, 12, 13];
const runs = 5;
const pool = new BcryptPool({ workers: 1 });

console.log(
  `bcryptjs in a worker thread, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores`,
);
await pool.run({ op: 'hash', password: 'warm-up', cost: 4 });
for (const cost of costs) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await pool.run({ op: 'hash', password: 'Salmo 23: mi pastor', cost });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  const perSecond = (1000 / median) * Math.min(2, availableParallelism());
  console.log(
    `cost ${cost}: median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}); ` +
      `~${perSecond.toFixed(1)} sign-ins/s with the default workers`,
  );
}
await pool.close();
