// Access's commerce benchmark: GET /api/dashboard through the gateway for a user with 14 grants
// and ~1,000 past events, against the minimal stack for the same read (Express + jose + plain pg
// prepared statements behind a bare node:http proxy) in the same run, at saturation and at a
// fixed offered rate; then the GPTs' verification API. Every server is its own process.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { products } from '@mia/catalog';
import { PaymentSucceededV1, UserRegisteredV1 } from '@mia/contracts';
import { catalogPublisher, startEventPublisher } from '@mia/testing';
import {
  createStack,
  freePort,
  load,
  progress,
  root,
  sessionSigner,
  type LoadFigures,
  type Stack,
} from './commerce-stack.js';

export interface AccessFigures {
  seconds: number;
  rate: number;
  seed: { grants: number; opens: number; userEvents: number; payments: number };
  /** Whether the minimal stack answered exactly the JSON access answered for the user. */
  sameAnswer: boolean;
  saturation: { ours: LoadFigures; minimal: LoadFigures };
  fixedRate: { ours: LoadFigures; minimal: LoadFigures };
  verify: LoadFigures;
}

export interface AccessOptions {
  seconds: number;
  /** Fixed offered load for the latency comparison (req/s). */
  rate: number;
  /** Past uses (GptOpened events) seeded for the user. */
  opens: number;
}

const GPT_KEY = 'bench-gpt-key-0123456789abcdef';
const ACCESS_CODE_SECRET = 'development-only-access-code-secret-not-for-production';
const DAY = 86_400_000;

/** The user: registered with identity, then one paid tool after another, as billing reports them. */
export async function seedPurchases(
  stack: Stack,
  sql: pg.Client,
  user: { id: string; email: string; name: string },
) {
  const identity = await startEventPublisher(stack.db, stack.nats, 'identity');
  const billing = await startEventPublisher(stack.db, stack.nats, 'billing');
  try {
    await identity.store.append(`user-${user.id}`, 'no-stream', [
      {
        type: UserRegisteredV1.type,
        data: {
          userId: user.id,
          email: user.email,
          name: user.name,
          username: 'bench',
          role: 'user',
        },
      },
    ]);
    const start = Date.now() - (products.length + 1) * DAY;
    for (const [i, product] of products.entries()) {
      const paymentId = randomUUID();
      await billing.store.append(`payment-${paymentId}`, 'no-stream', [
        {
          type: PaymentSucceededV1.type,
          data: {
            paymentId,
            userId: user.id,
            purpose: { kind: 'product', productId: product.id },
            amountCents: product.priceCents,
            currency: 'usd',
            provider: 'sandbox',
            providerPaymentId: `pi_bench_${i}`,
            description: product.name,
            paidAt: new Date(start + i * DAY).toISOString(),
            cardLast4: '4242',
            cardBrand: 'visa',
          },
        },
      ]);
    }
    // The relays publish after the commit: they must run until access has everything.
    await waitForRows(sql, user.id, products.length);
  } finally {
    await billing.stop();
    await identity.stop();
  }
}

async function waitForRows(sql: pg.Client, userId: string, count: number): Promise<void> {
  for (let i = 0; i < 1_500; i++) {
    const { rows } = await sql.query<{ grants: string; payments: string }>(
      `SELECT (SELECT count(*) FROM access.access_grants WHERE user_id = $1) AS grants,
              (SELECT count(*) FROM access.payments WHERE user_id = $1 AND created_at IS NOT NULL) AS payments`,
      [userId],
    );
    if (Number(rows[0]?.grants) >= count && Number(rows[0]?.payments) >= count) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`access did not record ${count} grants and payments for the user`);
}

/** Past uses of the tools, through access's own route (each appends a GptOpened). */
export async function seedOpens(access: string, token: string, opens: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < opens) {
      const productId = products[next++ % products.length]!.id;
      const res = await fetch(`${access}/api/access-gpt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ productId }),
      });
      if (!res.ok) throw new Error(`access-gpt ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

export async function dashboard(base: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${base}/api/dashboard ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function benchAccess(options: AccessOptions): Promise<AccessFigures> {
  const stack = await createStack();
  // Billing's first start publishes the catalogue access verifies against (ADR 0018).
  await catalogPublisher(stack.nats).seed();
  const sql = new pg.Client({ connectionString: stack.db.url });
  try {
    const [accessPort, gatewayPort, minimalPort, proxyPort] = await Promise.all(
      [0, 1, 2, 3].map(() => freePort()),
    );
    const access = await stack.start(
      'access',
      `${root}services/access/dist/main.js`,
      stack.serviceEnv(accessPort!, {
        GPT_API_KEYS: GPT_KEY,
        ACCESS_CODE_SECRET,
        // The verification API's limits (6000/min per key, 60/min per code: the run checks one
        // code from one key) would turn a load test into 429s. They are counted in memory, so
        // raising them changes no work per call.
        GPT_VERIFY_RATE_LIMIT_MAX: '1000000000',
        GPT_VERIFY_PER_CODE_MAX: '1000000000',
      }),
    );
    const gateway = await stack.start('gateway', `${root}services/gateway/dist/main.js`, {
      MIA_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      LOG_LEVEL: 'warn',
      ACCESS_URL: access,
    });
    const tsx = ['--import', 'tsx'];
    const minimal = await stack.start(
      'minimal dashboard',
      fileURLToPath(new URL('./servers/minimal-dashboard.ts', import.meta.url)),
      { DATABASE_URL: stack.db.url, PORT: String(minimalPort), ACCESS_CODE_SECRET },
      { execArgv: tsx },
    );
    const proxy = await stack.start(
      'plain proxy',
      fileURLToPath(new URL('./servers/plain-proxy.ts', import.meta.url)),
      { UPSTREAM_URL: minimal, PORT: String(proxyPort) },
      { execArgv: tsx, readyPath: '/healthz' },
    );

    progress(`access: services up; seeding 14 purchases and ${options.opens} uses`);
    const user = { id: randomUUID(), email: 'pastor-bench@iglesia.org', name: 'Pastor Bench' };
    const token = await sessionSigner()({ userId: user.id, email: user.email, name: user.name });
    await sql.connect();
    await seedPurchases(stack, sql, user);
    await seedOpens(access, token, options.opens);
    const { rows } = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM access.events WHERE stream_id LIKE '%' || $1 || '%'`,
      [user.id],
    );

    // The first dashboard issues the user's access code; then both stacks must answer the same.
    const ours = await dashboard(gateway, token);
    const theirs = await dashboard(proxy, token);
    const sameAnswer = isDeepStrictEqual(ours, theirs);
    if (!sameAnswer) {
      console.warn('The minimal stack answers differently:', JSON.stringify({ ours, theirs }));
    }

    const headers = { authorization: `Bearer ${token}` };
    const oursUrl = `${gateway}/api/dashboard`;
    const minimalUrl = `${proxy}/api/dashboard`;
    const { seconds, rate } = options;
    progress(`access: dashboard runs (${seconds} s each), then the verification API`);
    await load('warm-up', { url: oursUrl, headers, seconds: 2 });
    await load('warm-up', { url: minimalUrl, headers, seconds: 2 });
    const saturation = {
      ours: await load('ours: gateway -> access', { url: oursUrl, headers, seconds }),
      minimal: await load('minimal: node:http proxy -> Express + pg', {
        url: minimalUrl,
        headers,
        seconds,
      }),
    };
    const fixedRate = {
      ours: await load('ours: gateway -> access', { url: oursUrl, headers, seconds, rate }),
      minimal: await load('minimal: node:http proxy -> Express + pg', {
        url: minimalUrl,
        headers,
        seconds,
        rate,
      }),
    };

    // Last: every allowed check appends a GptOpened, so the user's history grows from here.
    const verifyBody = JSON.stringify({ accessCode: ours.accessCode, productId: products[0]!.id });
    const verifyHeaders = {
      authorization: `Bearer ${GPT_KEY}`,
      'content-type': 'application/json',
    };
    const probe = await fetch(`${gateway}/api/gpt/v1/verify`, {
      method: 'POST',
      headers: verifyHeaders,
      body: verifyBody,
    });
    const verdict = (await probe.json()) as { allowed?: boolean };
    if (!probe.ok || verdict.allowed !== true) {
      throw new Error(`verification API: ${probe.status} ${JSON.stringify(verdict)}`);
    }
    const verify = await load('POST /api/gpt/v1/verify (gateway)', {
      url: `${gateway}/api/gpt/v1/verify`,
      method: 'POST',
      headers: verifyHeaders,
      body: verifyBody,
      seconds,
    });

    return {
      seconds,
      rate,
      seed: {
        grants: products.length,
        payments: products.length,
        opens: options.opens,
        userEvents: Number(rows[0]?.n),
      },
      sameAnswer,
      saturation,
      fixedRate,
      verify,
    };
  } finally {
    await sql.end().catch(() => undefined);
    await stack.stop();
  }
}
