import { fmt, type LoadFigures } from './commerce-stack.js';
import {
  MEASURED_SERVICES,
  USER_READ_TARGETS,
  type UserReadFigures,
  type UserReadTarget,
} from './user-read.js';

const RATIO_AIM = 0.9;
const IDLE_RSS_AIM_MB = 120;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A target's figures over the rounds: the median of each, errors summed. */
function overRounds(f: UserReadFigures, target: UserReadTarget) {
  const runs: LoadFigures[] = f.rounds.map((r) => r[target]);
  return {
    requestsPerSec: median(runs.map((r) => r.requestsPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    perRound: runs.map((r) => r.requestsPerSec),
  };
}

/** The platform report's section on GET /api/user and the services' memory. */
export function userReadSection(f: UserReadFigures): string {
  const rows = USER_READ_TARGETS.map((target) => ({ target, ...overRounds(f, target) }));
  const by = (target: UserReadTarget) => rows.find((r) => r.target === target)!;
  const ratio =
    by('ours, through the gateway').requestsPerSec /
    by('minimal, through the plain proxy').requestsPerSec;
  const directRatio =
    by('ours, direct to identity').requestsPerSec / by('minimal, direct').requestsPerSec;
  const roundRatios = f.rounds.map(
    (r) =>
      r['ours, through the gateway'].requestsPerSec /
      r['minimal, through the plain proxy'].requestsPerSec,
  );
  const overAim = MEASURED_SERVICES.filter((s) => !(f.rss[s].idle < IDLE_RSS_AIM_MB));
  return `## GET /api/user against the minimal stack (${f.rounds.length} rounds, 50 connections, ${f.seconds} s per target and round)

**Ours**: identity from the built dist (kit service: session verification cached per token, the
session row and the user row read by one named prepared statement), through the gateway and
directly. **Minimal stack**: Express + jose verification on every request + two plain \`pg\`
prepared statements (bench/src/servers/minimal-user.ts), through the bare \`node:http\` proxy of
the access benchmark (bench/src/servers/plain-proxy.ts) and directly. Each round runs the four
targets one after the other. Same answer as ours: **${f.sameAnswer ? 'yes, identical JSON' : 'NO, the answers differ (see the run log)'}**.

| Target | req/s (median) | p50 ms | p99 ms | errors | req/s per round |
|---|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.target} | ${fmt(r.requestsPerSec, 0)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${r.errors} | ${r.perRound.join(', ')} |`).join('\n')}

Through the gateway ours serves **${fmt(ratio * 100, 1)} %** of the minimal stack behind the plain proxy (aim ≥ ${RATIO_AIM * 100} %: ${ratio >= RATIO_AIM ? 'met' : '**not met**'}; per round ${roundRatios.map((r) => `${fmt(r * 100, 1)} %`).join(', ')}). Direct, ${fmt(directRatio * 100, 1)} %.

## Resident memory of each service (MB)

Every service and the gateway from the built dist as \`npm start\` runs them (without the
images' \`NODE_OPTIONS\` and \`MALLOC_ARENA_MAX\`); only identity and the gateway carry the load
above. Idle: after ${f.idleSeconds} s without traffic. The images' figures, where the memory goes
and what each setting saves are in \`bench/results/memory.md\` (\`npm run bench:memory -w bench\`).

| Process | started | after the runs | idle | aim idle < ${IDLE_RSS_AIM_MB} MB |
|---|---:|---:|---:|---|
${MEASURED_SERVICES.map((s) => `| ${s} | ${fmt(f.rss[s].started, 0)} | ${fmt(f.rss[s].afterRun, 0)} | ${fmt(f.rss[s].idle, 0)} | ${f.rss[s].idle < IDLE_RSS_AIM_MB ? 'met' : '**not met**'} |`).join('\n')}
${overAim.length ? `\nOver the aim when idle: ${overAim.join(', ')}.\n` : ''}`;
}
