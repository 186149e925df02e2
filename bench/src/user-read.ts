// The platform benchmark's read path: GET /api/user with a session (token check, then the
// session and user rows) on our stack, against the minimal stack for the same read (Express +
// jose + two plain pg prepared statements, bench/src/servers/minimal-user.ts) behind the bare
// node:http proxy of the access benchmark, in the same run, in rounds that alternate the four
// targets (each round starting with the next one) so a change in the machine's load hits all. Every server is its own process;
// the four services and the gateway run from the built dist, so their resident memory after the
// run and after idling is measured as it would be on a deployment.
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { randomSecretKey } from '@mia/stripe-sandbox';
import { createStack, freePort, load, progress, root, type LoadFigures } from './commerce-stack.js';

export const USER_READ_TARGETS = [
  'ours, through the gateway',
  'minimal, through the plain proxy',
  'ours, direct to identity',
  'minimal, direct',
] as const;
export type UserReadTarget = (typeof USER_READ_TARGETS)[number];

export const MEASURED_SERVICES = ['identity', 'billing', 'access', 'support', 'gateway'] as const;
export type MeasuredService = (typeof MEASURED_SERVICES)[number];

export interface UserReadFigures {
  seconds: number;
  idleSeconds: number;
  /** Whether the minimal stack answered exactly our JSON for the user. */
  sameAnswer: boolean;
  /** One entry per round, each with the four targets. */
  rounds: Record<UserReadTarget, LoadFigures>[];
  /** Resident memory (MB) of each process: started, after the load runs, after idling. */
  rss: Record<MeasuredService, { started: number; afterRun: number; idle: number }>;
}

export interface UserReadOptions {
  seconds: number;
  rounds: number;
  /** How long the processes sit without traffic before their idle memory is read. */
  idleSeconds: number;
}

async function user(base: string, token: string): Promise<unknown> {
  const res = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${base}/api/user ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Registers a user through identity and returns its session token. */
export async function register(identity: string): Promise<string> {
  const res = await fetch(`${identity}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    body: JSON.stringify({
      name: 'Pastor Bench',
      username: 'pastorbench',
      email: 'pastor-bench@iglesia.org',
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

export async function benchUserRead(options: UserReadOptions): Promise<UserReadFigures> {
  const stack = await createStack();
  try {
    const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    const [identityPort, billingPort, accessPort, supportPort, gatewayPort] = ports;
    const [minimalPort, proxyPort, sandboxPort] = ports.slice(5);
    const started: Record<string, string> = {};
    const service = async (name: MeasuredService, port: number, env = {}) => {
      started[name] = await stack.start(
        name,
        `${root}services/${name}/dist/main.js`,
        stack.serviceEnv(port, env),
      );
    };
    await service('identity', identityPort!, { BCRYPT_COST: '10' });
    await service('access', accessPort!);
    // Billing needs a Stripe to talk to once a payment starts; nothing here pays, so the
    // sandbox's address is enough.
    await service('billing', billingPort!, {
      STRIPE_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
      STRIPE_SANDBOX_SECRET_KEY: randomSecretKey(),
    });
    await service('support', supportPort!);
    started.gateway = await stack.start('gateway', `${root}services/gateway/dist/main.js`, {
      MIA_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      LOG_LEVEL: 'warn',
      IDENTITY_URL: started.identity!,
      BILLING_URL: started.billing!,
      ACCESS_URL: started.access!,
      SUPPORT_URL: started.support!,
    });
    const tsx = ['--import', 'tsx'];
    const minimal = await stack.start(
      'minimal user',
      fileURLToPath(new URL('./servers/minimal-user.ts', import.meta.url)),
      { DATABASE_URL: stack.db.url, PORT: String(minimalPort) },
      { execArgv: tsx },
    );
    const proxy = await stack.start(
      'plain proxy',
      fileURLToPath(new URL('./servers/plain-proxy.ts', import.meta.url)),
      { UPSTREAM_URL: minimal, PORT: String(proxyPort) },
      { execArgv: tsx },
    );
    const rssNow = () =>
      Object.fromEntries(MEASURED_SERVICES.map((name) => [name, stack.rssMb(name)])) as Record<
        MeasuredService,
        number
      >;
    const atStart = rssNow();

    const token = await register(started.identity!);
    const ours = await user(started.gateway!, token);
    const sameAnswer = isDeepStrictEqual(ours, await user(proxy, token));
    if (!sameAnswer) console.warn('The minimal stack answers differently:', ours);

    const headers = { authorization: `Bearer ${token}` };
    const urls: Record<UserReadTarget, string> = {
      'ours, through the gateway': `${started.gateway}/api/user`,
      'minimal, through the plain proxy': `${proxy}/api/user`,
      'ours, direct to identity': `${started.identity}/api/user`,
      'minimal, direct': `${minimal}/api/user`,
    };
    const { seconds } = options;
    for (const target of USER_READ_TARGETS) {
      await load('warm-up', { url: urls[target], headers, seconds: 2 });
    }
    const rounds: UserReadFigures['rounds'] = [];
    for (let round = 1; round <= options.rounds; round++) {
      progress(`user read: round ${round} of ${options.rounds} (${seconds} s per target)`);
      const figures = {} as Record<UserReadTarget, LoadFigures>;
      // Each round starts with another target, so none is always first or always last.
      const order = USER_READ_TARGETS.map(
        (_, i) => USER_READ_TARGETS[(i + round - 1) % USER_READ_TARGETS.length]!,
      );
      for (const target of order) {
        figures[target] = await load(target, { url: urls[target], headers, seconds });
      }
      rounds.push(figures);
    }
    const afterRun = rssNow();
    progress(`user read: idling ${options.idleSeconds} s before reading memory again`);
    await new Promise((r) => setTimeout(r, options.idleSeconds * 1000));
    const idle = rssNow();
    const rss = Object.fromEntries(
      MEASURED_SERVICES.map((name) => [
        name,
        { started: atStart[name], afterRun: afterRun[name], idle: idle[name] },
      ]),
    ) as UserReadFigures['rss'];
    return { seconds, idleSeconds: options.idleSeconds, sameAnswer, rounds, rss };
  } finally {
    await stack.stop();
  }
}
