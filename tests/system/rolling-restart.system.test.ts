import { randomUUID } from 'node:crypto';
import { dashboardResponseSchema } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../support/system.js';
import { checkLedger } from '../proof/ledger/check.js';
import { balanced } from '../proof/ledger/classify.js';
import { BALANCED, ledgerSummary } from '../proof/support/settle.js';
import { cardConfirmForm } from '@mia/stripe-sandbox';

// Two replicas of every service behind the gateway, a steady load of reads and sandbox
// purchases, and every process restarted in turn (SIGTERM, exit, start, ready): no request may
// fail, and every purchase must end up owned once, with its payment listed once.
const REPLICAS = 2;
const READ_EVERY_MS = 20; // 50 reads per second
const PURCHASE_EVERY_MS = 400; // 2.5 purchases per second, 3 requests each
const USERS = 12;

interface Failure {
  what: string;
  status: number | string;
  body: string;
}

interface Buyer {
  cookie: string;
  /** Products not bought yet. */
  left: string[];
  bought: string[];
}

describe('rolling restarts under load', () => {
  let system: TestSystem;
  beforeAll(async () => {
    const replicas = Object.fromEntries(
      ['IDENTITY', 'BILLING', 'ACCESS', 'SUPPORT'].map((s) => [`REPLICAS_${s}`, String(REPLICAS)]),
    );
    system = await startSystem({
      env: {
        ...replicas,
        // Three of the gateway's probe intervals: it stops picking a replica well before the
        // replica stops accepting.
        UPSTREAM_PROBE_INTERVAL_MS: '500',
        SHUTDOWN_DRAIN_MS: '1500',
        // Eight service processes share one PostgreSQL (100 connections, other test runs too).
        DATABASE_POOL_MAX: '3',
      },
    });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('restarts every replica of every service with 0 failed requests and 0 lost purchases', async () => {
    const base = system.baseUrl;
    const failures: Failure[] = [];
    const pending = new Set<Promise<unknown>>();
    let requests = 0;

    /** One request of the load: 5xx, network errors and unexpected answers are failures. */
    const call = async (what: string, url: string, init: RequestInit = {}, expected = 200) => {
      requests += 1;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
        const body = await res.text();
        if (res.status !== expected) {
          failures.push({ what, status: res.status, body: body.slice(0, 300) });
          return undefined;
        }
        return body;
      } catch (err) {
        failures.push({ what, status: 'network', body: String((err as Error).cause ?? err) });
        return undefined;
      }
    };
    const track = <T>(work: Promise<T>) => {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    };
    const json = (cookie: string, key?: string) => ({
      'content-type': 'application/json',
      origin: base,
      cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    });

    // Users and what they can buy, before the load starts.
    const buyers: Buyer[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          name: 'Pastora Rut',
          username: `rut${randomUUID().slice(0, 8)}`,
          email: `rut.${randomUUID().slice(0, 8)}@iglesia.org`,
          password: 'Gracia-y-Paz-2026',
        }),
      });
      expect(res.status).toBe(201);
      buyers.push({ cookie: res.headers.get('set-cookie')!.split(';')[0]!, left: [], bought: [] });
    }
    const first = dashboardResponseSchema.parse(
      await (await fetch(`${base}/api/dashboard`, { headers: json(buyers[0]!.cookie) })).json(),
    );
    for (const buyer of buyers) buyer.left = first.availableProducts.map((p) => p.id);
    const { publishableKey } = (await (await fetch(`${base}/api/billing/config`)).json()) as {
      publishableKey: string;
    };

    /**
     * A purchase as the checkout makes it. Half carry an Idempotency-Key on their POSTs (the
     * gateway may send those again after a refused or reset connection), as the web app's
     * create-payment-intent and confirm-payment do; the other half send none, as another client
     * might, and are kept whole only by the replicas' drain.
     */
    let keyed = false;
    const purchase = async (buyer: Buyer, productId: string) => {
      keyed = !keyed;
      const withKey = keyed;
      const created = await call('create-payment-intent', `${base}/api/create-payment-intent`, {
        method: 'POST',
        headers: json(buyer.cookie, withKey ? `create-${randomUUID()}` : undefined),
        body: JSON.stringify({ productId }),
      });
      if (!created) return;
      const { clientSecret } = JSON.parse(created) as { clientSecret: string };
      const intentId = clientSecret.split('_secret_')[0]!;
      const confirmed = await call(
        'sandbox confirm',
        `${base}/sandbox/stripe/v1/payment_intents/${intentId}/confirm`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: cardConfirmForm({ publishableKey, clientSecret, number: '4242424242424242' }),
        },
      );
      if (!confirmed) return;
      const recorded = await call('confirm-payment', `${base}/api/confirm-payment`, {
        method: 'POST',
        headers: json(buyer.cookie, withKey ? `confirm-${intentId}` : undefined),
        body: JSON.stringify({ paymentIntentId: intentId }),
      });
      if (recorded) buyer.bought.push(productId);
    };

    // Open loop: requests go out on the clock, whether or not earlier ones have answered.
    let reads = 0;
    let purchases = 0;
    const readTimer = setInterval(() => {
      const buyer = buyers[reads % buyers.length]!;
      const path = reads % 2 === 0 ? '/api/dashboard' : '/api/user';
      reads += 1;
      track(call(`GET ${path}`, `${base}${path}`, { headers: json(buyer.cookie) }));
    }, READ_EVERY_MS);
    const purchaseTimer = setInterval(() => {
      const buyer = buyers[purchases % buyers.length]!;
      purchases += 1;
      const productId = buyer.left.shift();
      if (productId) track(purchase(buyer, productId));
    }, PURCHASE_EVERY_MS);

    const restarts: Array<{ process: string; ms: number }> = [];
    try {
      // Some load before the first restart, so the replicas are busy when it comes.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const key of system.processes) {
        const started = Date.now();
        await system.restartService(key);
        restarts.push({ process: key, ms: Date.now() - started });
      }
    } finally {
      clearInterval(readTimer);
      clearInterval(purchaseTimer);
    }
    await Promise.all([...pending]);

    expect(restarts.map((r) => r.process).sort()).toHaveLength(4 * REPLICAS);
    expect(failures, JSON.stringify({ requests, failures: failures.slice(0, 10) })).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    const bought = buyers.reduce((sum, b) => sum + b.bought.length, 0);
    expect(bought).toBeGreaterThan(10);

    // Every purchase owned once, its payment listed once: nothing lost or doubled by a restart.
    for (const buyer of buyers) {
      const dashboard = await waitFor(
        async () => {
          const d = dashboardResponseSchema.parse(
            await (await fetch(`${base}/api/dashboard`, { headers: json(buyer.cookie) })).json(),
          );
          return d.payments.length >= buyer.bought.length &&
            d.availableProducts.filter((p) => p.purchased).length >= buyer.bought.length
            ? d
            : undefined;
        },
        { message: 'every purchase on the dashboard', timeoutMs: 20_000 },
      );
      expect(
        dashboard.availableProducts
          .filter((p) => p.purchased)
          .map((p) => p.id)
          .sort(),
      ).toEqual([...buyer.bought].sort());
      expect(dashboard.payments).toHaveLength(buyer.bought.length);
      expect(new Set(dashboard.payments.map((p) => p.id)).size).toBe(buyer.bought.length);
      expect(dashboard.payments.every((p) => p.status === 'succeeded')).toBe(true);
    }
    // The proof issue's ledger: what the provider charged, billing recorded and access granted
    // agree payment by payment (webhooks may still be arriving: asked again until it balances).
    const ledger = () =>
      checkLedger({
        sandboxUrl: system.sandboxUrl!,
        sandboxSecretKey: system.sandboxSecretKey!,
        billingDatabaseUrl: system.databaseUrl,
        accessDatabaseUrl: system.databaseUrl,
      });
    const report = await waitFor(
      async () => {
        const r = await ledger();
        return balanced(r) ? r : undefined;
      },
      { message: 'a balanced ledger', timeoutMs: 20_000 },
    ).catch(ledger);
    expect(ledgerSummary(report)).toEqual(BALANCED);
    expect(report.counts.ok).toBeGreaterThanOrEqual(bought);
    console.info(
      `rolling restart: ${requests} requests, ${bought} purchases, 0 failed; restarts (ms): ` +
        restarts.map((r) => `${r.process} ${r.ms}`).join(', '),
    );
  }, 240_000);
});
