import { fork, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { devKeys, signSessionToken } from '@mia/service-kit';

export interface HttpFigures {
  label: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

function start(script: string, env: Record<string, string>, execArgv: string[] = []): ChildProcess {
  return fork(script, [], {
    // Metrics on any free port: the default (PORT + 1000) could be taken on a busy machine.
    env: { METRICS_PORT: '0', ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
}

async function load(
  label: string,
  url: string,
  token: string,
  seconds: number,
): Promise<HttpFigures> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    label,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export interface LatencyProbe {
  label: string;
  requests: number;
  p50Us: number;
  p99Us: number;
}

/**
 * One request at a time over a kept-alive connection: no queueing, so the difference between
 * direct and gateway is the gateway's own cost, measured in microseconds.
 */
async function probe(
  label: string,
  url: string,
  token: string,
  requests: number,
): Promise<LatencyProbe> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1_000));
      }).on('error', reject);
    });
  for (let i = 0; i < 200; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) samples.push(await once());
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (p: number) => Math.round(samples[Math.ceil((p / 100) * samples.length) - 1] ?? NaN);
  return { label, requests, p50Us: at(50), p99Us: at(99) };
}

/** Trivial authenticated endpoint, directly on a kit service and through the gateway. */
export async function benchHttp(
  seconds: number,
): Promise<{ load: HttpFigures[]; latency: LatencyProbe[] }> {
  const keys = devKeys();
  if (!keys) throw new Error('development keys not found');
  const token = await signSessionToken(
    { userId: '00000000-0000-4000-8000-000000000001', role: 'user' },
    {
      privateKeyPem: keys.privateKeyPem,
      issuer: 'mia-identity',
      audience: 'mia',
      ttlSeconds: 3600,
    },
  );
  const servicePort = '18181';
  const gatewayPort = '18180';
  const service = start(
    fileURLToPath(new URL('./servers/trivial-service.ts', import.meta.url)),
    { PORT: servicePort },
    ['--import', 'tsx'],
  );
  const gateway = start(`${root}services/gateway/dist/main.js`, {
    PORT: gatewayPort,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    IDENTITY_URL: `http://127.0.0.1:${servicePort}`,
  });
  try {
    await waitReady(`http://127.0.0.1:${servicePort}/healthz`);
    await waitReady(`http://127.0.0.1:${gatewayPort}/healthz`);
    const direct = `http://127.0.0.1:${servicePort}/api/user`;
    const viaGateway = `http://127.0.0.1:${gatewayPort}/api/user`;
    await load('warm-up', viaGateway, token, 2);
    const latency = [
      await probe('direct (service)', direct, token, 3_000),
      await probe('through gateway', viaGateway, token, 3_000),
    ];
    return {
      load: [
        await load('direct (service)', direct, token, seconds),
        await load('through gateway', viaGateway, token, seconds),
      ],
      latency,
    };
  } finally {
    for (const child of [gateway, service]) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}
