import { randomUUID } from 'node:crypto';
import {
  adminDisputeListResponseSchema,
  billingOverviewResponseSchema,
  dashboardResponseSchema,
} from '@mia/contracts';
import { cardConfirmForm } from '@mia/stripe-sandbox';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../support/system.js';
import { verificationTokenIn } from '../support/verification-mail.js';

// Refunds, disputes and admin revocations across real processes (issue 20): billing decides,
// access follows through NATS, the browser's calls go through the gateway.
describe('refunds, inquiries and admin revocations end to end', () => {
  const adminEmail = `pastor.admin.${randomUUID().slice(0, 8)}@iglesia.org`;
  const password = 'Gracia-y-Paz-2026';
  let system: TestSystem;
  let admin: string;

  const call = (cookie: string, path: string, body?: unknown) =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  async function signUp(email = `pablo.${randomUUID().slice(0, 8)}@iglesia.org`) {
    const res = await call('', '/api/register', {
      name: 'Pastor Pablo',
      username: `pablo${randomUUID().slice(0, 8)}`,
      email,
      password,
    });
    expect(res.status).toBe(201);
    return { cookie: sessionOf(res), email };
  }

  beforeAll(async () => {
    system = await startSystem({
      env: { ADMIN_EMAILS: adminEmail, SANDBOX_DISPUTE_DELAY_MS: '50' },
    });
    await signUp(adminEmail);
    const token = await waitFor(() => verificationTokenIn(system.mailDir, adminEmail), {
      message: 'the verification mail',
    });
    expect((await call('', '/api/verify-email', { token })).status).toBe(200);
    const login = await call('', '/api/login', { username: adminEmail, password });
    expect(login.status).toBe(200);
    admin = sessionOf(login);
  });
  afterAll(() => system?.stop());

  async function pay(cookie: string, clientSecret: string, card: string) {
    const { publishableKey } = (await (await call('', '/api/billing/config')).json()) as {
      publishableKey: string;
    };
    const intentId = clientSecret.split('_secret_')[0]!;
    const res = await fetch(
      `${system.baseUrl}/sandbox/stripe/v1/payment_intents/${intentId}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: cardConfirmForm({ publishableKey, clientSecret, number: card }),
      },
    );
    expect(res.status).toBe(200);
    const confirmed = await call(cookie, '/api/confirm-payment', { paymentIntentId: intentId });
    expect(confirmed.status).toBe(200);
  }

  async function buy(cookie: string, productId: string, card = '4242424242424242') {
    const created = await call(cookie, '/api/create-payment-intent', { productId });
    expect(created.status).toBe(200);
    await pay(cookie, ((await created.json()) as { clientSecret: string }).clientSecret, card);
  }

  async function subscribeMonthly(cookie: string): Promise<string> {
    const created = await call(cookie, '/api/subscriptions', {
      priceId: 'monthly-subscription',
      planType: 'monthly',
    });
    expect(created.status).toBe(200);
    await pay(
      cookie,
      ((await created.json()) as { clientSecret: string }).clientSecret,
      '4242424242424242',
    );
    const overview = await waitFor(
      async () => {
        const o = billingOverviewResponseSchema.parse(
          await (await call(cookie, '/api/billing')).json(),
        );
        return o.invoices.find((i) => i.status === 'succeeded') ? o : undefined;
      },
      { message: 'the paid plan invoice' },
    );
    return overview.invoices[0]!.id;
  }

  const canOpen = async (cookie: string, productId: string) =>
    (await call(cookie, '/api/access-gpt', { productId })).status;
  const eventually = (check: () => Promise<boolean>, message: string) =>
    waitFor(async () => ((await check()) ? true : undefined), { message, timeoutMs: 20_000 });

  it('after an admin revokes a purchased tool, the dashboard offers it again and it can be bought', async () => {
    const buyer = await signUp();
    await buy(buyer.cookie, 'apocalipsis');
    await eventually(async () => (await canOpen(buyer.cookie, 'apocalipsis')) === 200, 'owned');
    const revoked = await call(admin, '/api/admin/revoke-access', {
      email: buyer.email,
      productId: 'apocalipsis',
    });
    expect(revoked.status).toBe(200);
    await eventually(async () => {
      const d = dashboardResponseSchema.parse(
        await (await call(buyer.cookie, '/api/dashboard')).json(),
      );
      return d.availableProducts.find((p) => p.id === 'apocalipsis')?.purchased === false;
    }, 'the tool offered again');
    // Billing learnt of it through access's event: a new checkout is accepted and pays.
    await eventually(
      async () =>
        (await call(buyer.cookie, '/api/create-payment-intent', { productId: 'apocalipsis' }))
          .status === 200,
      'a new checkout',
    );
    await buy(buyer.cookie, 'apocalipsis');
    await eventually(
      async () => (await canOpen(buyer.cookie, 'apocalipsis')) === 200,
      'owned again',
    );
  });

  it('a plan refunded with keep stays usable; with cancel_now it ends', async () => {
    const kept = await signUp();
    const keptPayment = await subscribeMonthly(kept.cookie);
    await eventually(async () => (await canOpen(kept.cookie, 'manual-ceremonias')) === 200, 'plan');
    const noChoice = await call(admin, '/api/admin/refunds', { paymentId: keptPayment });
    expect(noChoice.status).toBe(400);
    const keep = await call(admin, '/api/admin/refunds', {
      paymentId: keptPayment,
      planAction: 'keep',
    });
    expect(keep.status).toBe(200);

    const ended = await signUp();
    const endedPayment = await subscribeMonthly(ended.cookie);
    await eventually(
      async () => (await canOpen(ended.cookie, 'manual-ceremonias')) === 200,
      'plan',
    );
    const cancel = await call(admin, '/api/admin/refunds', {
      paymentId: endedPayment,
      planAction: 'cancel_now',
    });
    expect(cancel.status).toBe(200);
    await eventually(
      async () => (await canOpen(ended.cookie, 'manual-ceremonias')) === 403,
      'ended',
    );
    // The goodwill refund reached access (the payment shows refunded) and the plan still opens.
    await eventually(async () => {
      const d = dashboardResponseSchema.parse(
        await (await call(kept.cookie, '/api/dashboard')).json(),
      );
      return d.payments.some((p) => p.status === 'refunded');
    }, 'the refund in the history');
    expect(await canOpen(kept.cookie, 'manual-ceremonias')).toBe(200);
  });

  it('an inquiry (1976) is listed for staff and suspends nothing', async () => {
    const buyer = await signUp();
    await buy(buyer.cookie, 'cantar-cantares', '4000000000001976');
    const listed = await waitFor(
      async () => {
        const res = await call(admin, '/api/admin/disputes');
        const list = adminDisputeListResponseSchema.parse(await res.json());
        return list.disputes.find((d) => d.customerEmail === buyer.email);
      },
      { message: 'the inquiry in the list', timeoutMs: 20_000 },
    );
    expect(listed).toMatchObject({ inquiry: true, status: 'warning_needs_response' });
    expect(await canOpen(buyer.cookie, 'cantar-cantares')).toBe(200);
  });
});
