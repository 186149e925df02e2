// Tracing's cost on the read path: GET /api/user through the gateway to identity, with tracing
// off (no OTLP endpoint: no SDK loaded) and on (always_on sampler, every span exported over
// OTLP/protobuf to a counting sink), both stacks on one database in the same run, in rounds that
// alternate which goes first. Writes bench/results/tracing.md. `npm run bench:tracing -w bench`
// after `npm run build` (the services run from dist, as deployed).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createStack,
  fmt,
  freePort,
  load,
  progress,
  root,
  stopAllStacks,
  type LoadFigures,
  type Stack,
} from './commerce-stack.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MODES = ['off', 'on'] as const;
type Mode = (typeof MODES)[number];

/** Identity and a gateway in front of it, traced or not. Other services are never reached. */
async function startPair(stack: Stack, mode: Mode, sink: string): Promise<string> {
  const tracing: Record<string, string> =
    mode === 'on'
      ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink, OTEL_TRACES_SAMPLER: 'always_on' }
      : { OTEL_EXPORTER_OTLP_ENDPOINT: '' };
  const identity = await stack.start(
    `identity-${mode}`,
    `${root}services/identity/dist/main.js`,
    stack.serviceEnv(await freePort(), { BCRYPT_COST: '10', ...tracing }),
  );
  const unused = 'http://127.0.0.1:9';
  return stack.start(`gateway-${mode}`, `${root}services/gateway/dist/main.js`, {
    MIA_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    IDENTITY_URL: identity,
    BILLING_URL: unused,
    ACCESS_URL: unused,
    SUPPORT_URL: unused,
    ...tracing,
  });
}

async function sessionToken(gateway: string): Promise<string> {
  const res = await fetch(`${gateway}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    body: JSON.stringify({
      name: 'Pastor Traza',
      username: 'pastortraza',
      email: 'pastor-traza@iglesia.org',
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
    }),
  });
  if (res.status !== 201) throw new Error(`register ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mia_session='));
  const token = /^mia_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) throw new Error('register set no session cookie');
  return token;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function report(rounds: Record<Mode, LoadFigures>[], sink: { exports: number; bytes: number }) {
  const of = (mode: Mode) => rounds.map((r) => r[mode]);
  const rps = (mode: Mode) => median(of(mode).map((f) => f.requestsPerSec));
  // Within a round both modes meet the same machine load; the median of the rounds' ratios is
  // the figure that survives a shared machine's swings.
  const ratios = rounds.map((r) => r.on.requestsPerSec / r.off.requestsPerSec);
  const loss = 1 - median(ratios);
  const rows = MODES.map((mode) => {
    const runs = of(mode);
    return `| ${mode} | ${fmt(rps(mode), 0)} | ${runs.map((f) => f.requestsPerSec).join(' / ')} | ${fmt(median(runs.map((f) => f.p50Ms)))} | ${fmt(median(runs.map((f) => f.p99Ms)))} | ${runs.reduce((n, f) => n + f.errors, 0)} |`;
  });
  return `# Tracing overhead: GET /api/user with tracing off and on

\`npm run bench:tracing -w bench\` (after \`npm run build\`), ${new Date().toISOString().slice(0, 10)},
${ROUNDS} rounds × ${SECONDS} s per mode, 50 connections, through the gateway to identity (both
traced when on: the gateway's route span, identity's server span named by its route, its pg
queries: 4 to 5 spans per request).

- **off**: no \`OTEL_EXPORTER_OTLP_ENDPOINT\`, so no SDK and no instrumentation is loaded.
- **on**: \`OTEL_TRACES_SAMPLER=always_on\`, every span batched and exported over OTLP/protobuf
  to a local sink that only counts (${sink.exports} exports, ${fmt(sink.bytes / 1e6, 1)} MB received).

| tracing | req/s (median) | req/s per round | p50 ms | p99 ms | errors |
| --- | ---: | --- | ---: | ---: | ---: |
${rows.join('\n')}

Throughput with tracing on, as a share of off, per round: ${ratios.map((r) => `${fmt(r * 100, 0)} %`).join(' / ')}.

**Throughput lost with tracing on: ${fmt(loss * 100, 1)} %** (median of the rounds; aim: under 5 %).
Each round runs both modes, the first one alternating, on one machine shared with other work:
compare within a round rather than across rounds. With a ratio sampler
(\`OTEL_TRACES_SAMPLER=parentbased_traceidratio\`, \`OTEL_TRACES_SAMPLER_ARG=0.1\`) unsampled
requests create no recording spans and the cost falls accordingly.
`;
}

async function main() {
  const stack = await createStack();
  try {
    const sink = await stack.start(
      'otlp sink',
      fileURLToPath(new URL('./tracing-sink.ts', import.meta.url)),
      { PORT: String(await freePort()) },
      { readyPath: '/stats', execArgv: ['--import', 'tsx'] },
    );
    const gateways: Record<Mode, string> = {
      off: await startPair(stack, 'off', sink),
      on: await startPair(stack, 'on', sink),
    };
    const token = await sessionToken(gateways.off);
    const headers = { authorization: `Bearer ${token}` };
    for (const mode of MODES) {
      const res = await fetch(`${gateways[mode]}/api/user`, { headers });
      if (!res.ok) throw new Error(`GET /api/user (${mode}) answered ${res.status}`);
      await load(`warm-up ${mode}`, { url: `${gateways[mode]}/api/user`, headers, seconds: 2 });
    }
    const rounds: Record<Mode, LoadFigures>[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`tracing: round ${round} of ${ROUNDS}`);
      const order = round % 2 ? MODES : ([...MODES].reverse() as Mode[]);
      const figures = {} as Record<Mode, LoadFigures>;
      for (const mode of order) {
        figures[mode] = await load(mode, {
          url: `${gateways[mode]}/api/user`,
          headers,
          seconds: SECONDS,
        });
      }
      rounds.push(figures);
    }
    const stats = (await (await fetch(`${sink}/stats`)).json()) as {
      exports: number;
      bytes: number;
    };
    const text = report(rounds, stats);
    writeFileSync(fileURLToPath(new URL('../results/tracing.md', import.meta.url)), text);
    console.log(text);
  } finally {
    await stack.stop();
    await stopAllStacks();
  }
}

await main();
