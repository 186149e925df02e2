// Billing's commerce benchmark: checkouts of single tools as the browser makes them, through the
// gateway, against the real billing and access services and the Stripe sandbox, each in its own
// process (built dist). Two figures:
//   - checkout throughput at a few concurrencies (create intent + card confirm + confirm-payment);
//   - time from confirm-payment's answer to the tool owned: a trigger on access's grants table
//     notifies the benchmark on commit (LISTEN/NOTIFY, no polling), then GET /api/dashboard
//     through the gateway confirms `purchased: true` (polled every 2 ms if not yet).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { products } from '@mia/catalog';
import {
  createStack,
  freePort,
  percentile,
  progress,
  root,
  sessionSigner,
  type Stack,
} from './commerce-stack.js';
import { cardConfirmForm, randomSecretKey } from '@mia/stripe-sandbox';

export interface CheckoutLevel {
  concurrency: number;
  checkouts: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  /** p50 of each step: create-payment-intent, the card confirm at the sandbox, confirm-payment. */
  stepsP50Ms: Steps;
  errors: number;
  firstError: string | null;
  /** After the level: time until access had granted every tool bought in it. */
  drainMs: number;
}

export interface OwnedFigures {
  purchases: number;
  /** confirm-payment answered -> grant row committed in access (NOTIFY). */
  grantP50Ms: number;
  grantP99Ms: number;
  grantMaxMs: number;
  /** Grants already committed when confirm-payment answered (the webhook got there first). */
  ownedAtAnswer: number;
  /** confirm-payment answered -> a dashboard answer showing the tool purchased. */
  dashboardP50Ms: number;
  dashboardP99Ms: number;
  dashboardMaxMs: number;
  /** Purchases whose first dashboard after the commit did not show the tool yet. */
  dashboardRepeats: number;
}

export interface BillingFigures {
  seconds: number;
  levels: CheckoutLevel[];
  owned: OwnedFigures;
}

export interface BillingOptions {
  seconds: number;
  purchases: number;
  concurrencies: readonly number[];
}

// Only the tools sold on the checkout page can be bought (the others come with a plan).
const forSale = products.filter((p) => p.checkout).map((p) => p.id);
const SANDBOX_KEY = 'pk_test_sandbox';
const OWNED_TIMEOUT_MS = 30_000;

export interface Steps {
  intent: number;
  card: number;
  confirm: number;
}

interface Buyer {
  userId: string;
  token: string;
}

class CheckoutError extends Error {}

async function post(url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok)
    throw new CheckoutError(`${new URL(url).pathname} ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** One checkout as the browser makes it; resolves when confirm-payment answered `succeeded`. */
async function checkout(gateway: string, buyer: Buyer, productId: string): Promise<Steps> {
  const t0 = performance.now();
  const intent = await post(`${gateway}/api/create-payment-intent`, buyer.token, { productId });
  const t1 = performance.now();
  const clientSecret = String(intent.clientSecret);
  const id = String(intent.paymentIntentId);
  // The sandbox card form posts Stripe.js's fields to the same origin, as in the product.
  const confirmed = await fetch(`${gateway}/sandbox/stripe/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: cardConfirmForm({
      publishableKey: SANDBOX_KEY,
      clientSecret,
      number: '4242424242424242',
    }),
  });
  const card = await confirmed.text();
  if (!confirmed.ok)
    throw new CheckoutError(`card confirm ${confirmed.status}: ${card.slice(0, 200)}`);
  const t2 = performance.now();
  const answer = await post(`${gateway}/api/confirm-payment`, buyer.token, { paymentIntentId: id });
  if (answer.status !== 'succeeded')
    throw new CheckoutError(`confirm-payment: ${JSON.stringify(answer)}`);
  return { intent: t1 - t0, card: t2 - t1, confirm: performance.now() - t2 };
}

async function ownsTool(gateway: string, buyer: Buyer, productId: string): Promise<boolean> {
  const res = await fetch(`${gateway}/api/dashboard`, {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  if (!res.ok) throw new CheckoutError(`dashboard ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { availableProducts: { id: string; purchased: boolean }[] };
  return body.availableProducts.some((p) => p.id === productId && p.purchased);
}

/** Each checkout is a new customer's first purchase: a fresh user (and provider customer). */
async function newBuyer(sign: ReturnType<typeof sessionSigner>): Promise<Buyer> {
  const userId = randomUUID();
  const email = `bench-${userId.slice(0, 8)}@iglesia.org`;
  return { userId, token: await sign({ userId, email, name: 'Pastor Bench' }) };
}

/** Commit notifications of access's grant rows, keyed `<userId> <scope>`. */
async function listenForGrants(stack: Stack) {
  const client = new pg.Client({ connectionString: stack.db.url });
  await client.connect();
  await client.query(`
    CREATE FUNCTION access.bench_grant_notify() RETURNS trigger AS $$
    BEGIN
      IF NEW.status = 'active' THEN PERFORM pg_notify('bench_grants', NEW.user_id::text || ' ' || NEW.scope); END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER bench_grant_notify AFTER INSERT OR UPDATE ON access.access_grants
      FOR EACH ROW EXECUTE FUNCTION access.bench_grant_notify();`);
  await client.query('LISTEN bench_grants');
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  client.on('notification', (n) => {
    const at = performance.now();
    const key = n.payload ?? '';
    if (!seen.has(key)) seen.set(key, at);
    waiting.get(key)?.(at);
  });
  return {
    /** When the grant committed (possibly before this call); rejects after the timeout. */
    grantedAt(userId: string, productId: string): Promise<number> {
      const key = `${userId} ${productId}`;
      const already = seen.get(key);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          reject(new Error(`no grant for ${key} within ${OWNED_TIMEOUT_MS} ms`));
        }, OWNED_TIMEOUT_MS);
        waiting.set(key, (at) => {
          clearTimeout(timer);
          waiting.delete(key);
          resolve(at);
        });
      });
    },
    /** Waits until access holds `count` grants in all (the event backlog is drained). */
    async drained(count: number): Promise<number> {
      const started = performance.now();
      while (performance.now() - started < OWNED_TIMEOUT_MS) {
        const { rows } = await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM access.access_grants',
        );
        if (Number(rows[0]?.n) >= count) return performance.now() - started;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`access did not reach ${count} grants within ${OWNED_TIMEOUT_MS} ms`);
    },
    end: () => client.end(),
  };
}

async function runLevel(
  gateway: string,
  sign: ReturnType<typeof sessionSigner>,
  concurrency: number,
  seconds: number,
): Promise<Omit<CheckoutLevel, 'drainMs'>> {
  const samples: number[] = [];
  const steps: Steps[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const buyer = await newBuyer(sign);
      const productId = forSale[next++ % forSale.length]!;
      const t0 = performance.now();
      try {
        steps.push(await checkout(gateway, buyer, productId));
        samples.push(performance.now() - t0);
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const p50Of = (step: keyof Steps) =>
    percentile(
      steps.map((s) => s[step]).sort((a, b) => a - b),
      50,
    );
  return {
    concurrency,
    checkouts: samples.length,
    perSec: samples.length / elapsed,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    stepsP50Ms: { intent: p50Of('intent'), card: p50Of('card'), confirm: p50Of('confirm') },
    errors,
    firstError,
  };
}

async function measureOwned(
  gateway: string,
  sign: ReturnType<typeof sessionSigner>,
  grants: Awaited<ReturnType<typeof listenForGrants>>,
  purchases: number,
  warmUp: number,
): Promise<OwnedFigures> {
  const grantMs: number[] = [];
  const dashboardMs: number[] = [];
  let ownedAtAnswer = 0;
  let dashboardRepeats = 0;
  for (let i = 0; i < purchases + warmUp; i++) {
    const buyer = await newBuyer(sign);
    const productId = forSale[i % forSale.length]!;
    // The buyer has seen the dashboard before buying (their access code exists), as in the app.
    if (await ownsTool(gateway, buyer, productId)) throw new Error('a new user owns a tool');
    const granted = grants.grantedAt(buyer.userId, productId);
    await checkout(gateway, buyer, productId);
    const answered = performance.now();
    const grantAt = await granted;
    let repeated = false;
    while (!(await ownsTool(gateway, buyer, productId))) {
      repeated = true;
      await new Promise((r) => setTimeout(r, 2));
    }
    const shown = performance.now();
    // The first purchases warm up JIT, connections and the consumers' pull loops.
    if (i < warmUp) continue;
    if (repeated) dashboardRepeats++;
    if (grantAt <= answered) ownedAtAnswer++;
    grantMs.push(Math.max(0, grantAt - answered));
    dashboardMs.push(shown - answered);
  }
  grantMs.sort((a, b) => a - b);
  dashboardMs.sort((a, b) => a - b);
  return {
    purchases,
    grantP50Ms: percentile(grantMs, 50),
    grantP99Ms: percentile(grantMs, 99),
    grantMaxMs: grantMs.at(-1) ?? NaN,
    ownedAtAnswer,
    dashboardP50Ms: percentile(dashboardMs, 50),
    dashboardP99Ms: percentile(dashboardMs, 99),
    dashboardMaxMs: dashboardMs.at(-1) ?? NaN,
    dashboardRepeats,
  };
}

export async function benchBilling(options: BillingOptions): Promise<BillingFigures> {
  const stack = await createStack();
  const mailDir = await mkdtemp(join(tmpdir(), 'bench-billing-mail-'));
  let grants: Awaited<ReturnType<typeof listenForGrants>> | undefined;
  try {
    const [sandboxPort, billingPort, accessPort, gatewayPort] = await Promise.all(
      [0, 1, 2, 3].map(() => freePort()),
    );
    const sandboxKey = randomSecretKey();
    const sandbox = await stack.start(
      'stripe sandbox',
      `${root}libs/stripe-sandbox/dist/main.js`,
      {
        MIA_ENV: 'test',
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_SECRET_KEY: sandboxKey,
        // Webhooks go to billing as Stripe's would: billing applies each payment once, whichever
        // of the webhook and confirm-payment comes first.
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${billingPort}/api/webhooks/stripe`,
      },
      { port: sandboxPort!, readyPath: '/_health' },
    );
    const billing = await stack.start(
      'billing',
      `${root}services/billing/dist/main.js`,
      stack.serviceEnv(billingPort!, {
        STRIPE_SANDBOX_URL: sandbox,
        STRIPE_SANDBOX_SECRET_KEY: sandboxKey,
        MAIL_DIR: mailDir,
      }),
    );
    const access = await stack.start(
      'access',
      `${root}services/access/dist/main.js`,
      stack.serviceEnv(accessPort!),
    );
    const gateway = await stack.start('gateway', `${root}services/gateway/dist/main.js`, {
      MIA_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      LOG_LEVEL: 'warn',
      BILLING_URL: billing,
      ACCESS_URL: access,
      STRIPE_SANDBOX_URL: sandbox,
    });
    grants = await listenForGrants(stack);
    progress(
      `billing: sandbox, billing, access and gateway up; ${options.purchases} purchases to owned`,
    );
    const sign = sessionSigner();

    const warmUp = Math.min(20, Math.max(5, Math.round(options.purchases / 10)));
    const owned = await measureOwned(gateway, sign, grants, options.purchases, warmUp);
    let total = options.purchases + warmUp;
    const levels: CheckoutLevel[] = [];
    for (const concurrency of options.concurrencies) {
      progress(`billing: checkouts at concurrency ${concurrency} for ${options.seconds} s`);
      const level = await runLevel(gateway, sign, concurrency, options.seconds);
      total += level.checkouts;
      // Every tool bought must be granted before the next level starts from a quiet system.
      const drainMs = await grants.drained(total);
      levels.push({ ...level, drainMs });
    }
    return { seconds: options.seconds, levels, owned };
  } finally {
    await grants?.end();
    await stack.stop();
    await rm(mailDir, { recursive: true, force: true });
  }
}
