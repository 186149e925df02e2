// `npm run bench:memory:probe -w bench`: where a service's memory goes before any request, step
// by step in a fresh node process per service (after two full GCs at each step): bare node, the
// kit's module graph, the service's whole module graph, then Prisma Client with its WebAssembly
// query compiler (first query compiled and run against an empty database: the error it ends in
// is expected). Prints a Markdown table (MB); memory-findings.ts quotes it.
//   BENCH_MEMORY_NODE_OPTIONS  extra node flags for the probed processes (e.g. --max-semi-space-size=2)
//   PROBE_V8_FLAGS             V8 flags set at run time, as the kit sets its serving flags
//                              (e.g. --liftoff-only; unset: none, so the probe shows their effect)
import { execFileSync } from 'node:child_process';
import { root } from './commerce-stack.js';
import { fmt } from './commerce-stack.js';

const SERVICES = ['identity', 'billing', 'access', 'support'] as const;
const DB = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Runs inside the probed process (cwd: the service's folder, so its dependencies resolve).
const probe = `
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
// As the kit's runService does before the service's first query (see its wasm flags).
if (process.env.PROBE_V8_FLAGS) setFlagsFromString(process.env.PROBE_V8_FLAGS);
const out = [];
const mark = (step) => {
  global.gc(); global.gc();
  const s = readFileSync('/proc/self/status', 'utf8');
  const kb = (f) => Number(new RegExp('^' + f + ':\\\\s+(\\\\d+) kB', 'm').exec(s)[1]) / 1024;
  const m = process.memoryUsage();
  out.push({ step, rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'),
    heapUsed: m.heapUsed / 2 ** 20, heapTotal: m.heapTotal / 2 ** 20,
    external: m.external / 2 ** 20, arrayBuffers: m.arrayBuffers / 2 ** 20 });
};
mark('bare node');
await import('@mia/service-kit');
mark('+ service kit (express, pg, nats, pino, zod, jose, prom-client)');
await import('./dist/service.js');
mark('+ the service\\'s modules');
const { PrismaClient } = await import('./dist/generated/prisma/client.js');
const { PrismaPg } = await import('@prisma/adapter-pg');
const pg = (await import('pg')).default;
const pool = new pg.Pool({ connectionString: process.env.PROBE_DB, max: 1 });
const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
const model = Object.keys(prisma).find((k) => !k.startsWith('$') && !k.startsWith('_') && typeof prisma[k]?.findFirst === 'function');
try { await prisma[model].findFirst(); } catch {}
mark('+ Prisma Client, first query (WebAssembly query compiler loaded)');
for (let i = 0; i < 3; i++) { try { await prisma[model].findMany({ where: {}, take: i + 1 }); } catch {} }
mark('+ a few more queries');
await prisma.$disconnect(); await pool.end();
console.log(JSON.stringify(out));
`;

const flags = (process.env.BENCH_MEMORY_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const rows: string[] = [];
for (const service of SERVICES) {
  const text = execFileSync(
    process.execPath,
    ['--expose-gc', ...flags, '--input-type=module', '-e', probe],
    {
      cwd: `${root}services/${service}`,
      env: { ...process.env, NODE_OPTIONS: '', PROBE_DB: DB },
      encoding: 'utf8',
    },
  );
  type Step = Record<'rss' | 'anon' | 'file' | 'heapUsed' | 'heapTotal' | 'external', number> & {
    step: string;
  };
  const steps = JSON.parse(text.trim().split('\n').at(-1)!) as Step[];
  let previous: Step | undefined;
  for (const s of steps) {
    const delta = previous ? `+${fmt(s.rss - previous.rss, 1)}` : '';
    rows.push(
      `| ${service} | ${s.step} | ${fmt(s.rss, 1)} | ${delta} | ${fmt(s.file, 1)} | ${fmt(s.anon, 1)} | ${fmt(s.heapUsed, 1)} | ${fmt(s.heapTotal, 1)} | ${fmt(s.external, 1)} |`,
    );
    previous = s;
  }
}
console.log(`| Service | step | resident | added | file | anon | heap used | heap committed | external |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}`);
