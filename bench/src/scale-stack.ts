// The scale benchmark's one stack (issue 22): identity, access and the gateway from the built dist
// as `npm start` runs them, and beside them the minimal stacks for the same three requests
// (GET /api/user, GET /api/dashboard, POST /api/gpt/v1/verify), each its own Express process,
// behind one bare node:http proxy that routes by path as the gateway does. Same database server,
// same NATS, same machine, same run.
import { catalogPublisher } from '@mia/testing';
import { fileURLToPath } from 'node:url';
import { createStack, freePort, progress, root, type Stack } from './commerce-stack.js';

export const GPT_KEY = 'bench-gpt-key-0123456789abcdef';
export const ACCESS_CODE_SECRET = 'development-only-access-code-secret-not-for-production';

export interface ScaleStack {
  stack: Stack;
  identity: string;
  access: string;
  /** Ours: the gateway in front of identity and access. */
  gateway: string;
  /** The minimal stacks: the plain proxy in front of the three minimal servers. */
  proxy: string;
}

/** BENCH_PROFILE=access,gateway: those processes write a V8 CPU profile to bench/profiles/ on exit. */
const profiled = (name: string) =>
  (process.env.BENCH_PROFILE ?? '').split(',').includes(name)
    ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${root}bench/profiles`] }
    : {};

const server = (name: string) => fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url));

export async function startScaleStack(): Promise<ScaleStack> {
  const stack = await createStack();
  // Billing's first start publishes the catalogue access verifies against (ADR 0018).
  await catalogPublisher(stack.nats).seed();
  try {
    const [identityPort, accessPort, gatewayPort, userPort, dashboardPort, verifyPort, proxyPort] =
      await Promise.all(Array.from({ length: 7 }, () => freePort()));
    const url = (port: number | undefined) => `http://127.0.0.1:${port}`;
    const tsx = { execArgv: ['--import', 'tsx'] };
    const db = { DATABASE_URL: stack.db.url };
    // All at once (the gateway needs only its upstreams' addresses, not their readiness).
    progress('scale: starting identity, access, the gateway and the minimal stacks');
    const [identity, access, gateway, user, dashboard, verify] = await Promise.all([
      stack.start(
        'identity',
        `${root}services/identity/dist/main.js`,
        stack.serviceEnv(identityPort!, { BCRYPT_COST: '10' }),
        profiled('identity'),
      ),
      stack.start(
        'access',
        `${root}services/access/dist/main.js`,
        stack.serviceEnv(accessPort!, {
          GPT_API_KEYS: GPT_KEY,
          ACCESS_CODE_SECRET,
          // Limits of 6000/min per key and 60/min per code would make a load test of 429s. They
          // are counted in access's memory, so raising them changes no work per call.
          GPT_VERIFY_RATE_LIMIT_MAX: '1000000000',
          GPT_VERIFY_PER_CODE_MAX: '1000000000',
        }),
        profiled('access'),
      ),
      stack.start(
        'gateway',
        `${root}services/gateway/dist/main.js`,
        {
          MIA_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(gatewayPort),
          LOG_LEVEL: 'warn',
          IDENTITY_URL: url(identityPort),
          ACCESS_URL: url(accessPort),
        },
        profiled('gateway'),
      ),
      stack.start('minimal user', server('minimal-user'), { ...db, PORT: String(userPort) }, tsx),
      stack.start(
        'minimal dashboard',
        server('minimal-dashboard'),
        { ...db, PORT: String(dashboardPort), ACCESS_CODE_SECRET },
        tsx,
      ),
      stack.start(
        'minimal verify',
        server('minimal-verify'),
        { ...db, PORT: String(verifyPort), ACCESS_CODE_SECRET, GPT_API_KEY: GPT_KEY },
        tsx,
      ),
    ]);
    const proxy = await stack.start(
      'plain proxy',
      server('plain-proxy'),
      {
        UPSTREAM_URL: user,
        PORT: String(proxyPort),
        ROUTES: JSON.stringify([
          ['/api/user', user],
          ['/api/dashboard', dashboard],
          ['/api/gpt/', verify],
        ]),
      },
      tsx,
    );
    return { stack, identity, access, gateway, proxy };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
