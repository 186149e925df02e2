// `npm run bench:memory:throughput -w bench`: GET /api/user through the gateway with and without
// the image's memory settings (NODE_OPTIONS, MALLOC_ARENA_MAX), alternating over rounds so a
// busy machine weighs on both alike: a smaller young generation must not cost throughput.
//   BENCH_ROUNDS   rounds (default 3)   BENCH_SECONDS  seconds per run (default 10)
import { readFileSync } from 'node:fs';
import { load, progress, root, stopAllStacks } from './commerce-stack.js';
import { startLoadStack } from './load-stack.js';
import { imageEnvOf } from './memory-figures.js';
import { customer } from './memory-run.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const image = imageEnvOf(readFileSync(`${root}deploy/docker/service.Dockerfile`, 'utf8'), [
  'NODE_OPTIONS',
  'MALLOC_ARENA_MAX',
]);
const variants = {
  'node defaults': { NODE_OPTIONS: '', MALLOC_ARENA_MAX: undefined },
  "image's settings": image,
} as const;
process.once('SIGINT', () => void stopAllStacks().finally(() => process.exit(130)));

const results: Record<string, number[]> = {};
for (let round = 1; round <= rounds; round++) {
  for (const [label, env] of Object.entries(variants)) {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    const stack = await startLoadStack();
    try {
      const { cookie } = await customer(stack.gateway);
      const url = `${stack.gateway}/api/user`;
      await load('warm-up', { url, headers: { cookie }, seconds: 3 });
      const run = await load(label, { url, headers: { cookie }, seconds });
      (results[label] ??= []).push(run.requestsPerSec);
      progress(`round ${round}, ${label}: ${run.requestsPerSec} req/s, p99 ${run.p99Ms} ms`);
    } finally {
      await stack.stop();
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('| Settings | GET /api/user req/s (median) | per round |\n|---|---:|---|');
for (const [label, xs] of Object.entries(results))
  console.log(`| ${label} | ${median(xs)} | ${xs.join(', ')} |`);
process.exit(0);
