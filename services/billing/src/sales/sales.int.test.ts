import {
  GptOpenedV1,
  salesMetricsResponseSchema,
  UserEmailVerifiedV1,
  type SalesMetricsResponse,
} from '@mia/contracts';
import {
  createSessionSigner,
  devKeys,
  rebuildProjections,
  type StoredEvent,
} from '@mia/service-kit';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  EVENT_WAIT_MS,
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';
import { salesProjection } from './sales-projection.js';

const TOOL_CENTS = 999;
const MONTHLY_CENTS = 2000;
const ANNUAL_CENTS = 6500;
const DAY_MS = 86_400_000;

describe('the owner’s sales view: metrics and CSV exports from billing’s events', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  let identity: EventPublisher;
  let admin: Caller;
  let adminToken: string;
  let range: { from: string; to: string };
  // What the scenario below did, for the assertions.
  let buyer: Caller;
  let toolPaymentId: string;
  let subscriber: Caller;
  let converted: Caller;

  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

  const metrics = async (query = `from=${range.from}&to=${range.to}&interval=day`) => {
    const answer = await admin.call('GET', `/api/admin/metrics?${query}`);
    expect(answer.status).toBe(200);
    return salesMetricsResponseSchema.parse(answer.body);
  };

  /** A CSV as the browser downloads it (bytes, not JSON). */
  const download = async (path: string) => {
    const res = await fetch(`${h.service.url}${path}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  async function startVerifiedTrial(caller: Caller) {
    await identity.store.append(`user-${caller.userId}`, 'any', [
      {
        type: UserEmailVerifiedV1.type,
        data: { userId: caller.userId, email: caller.email, verifiedAt: h.clock().toISOString() },
      },
    ]);
    await h.waitForEvent('EmailVerificationNoted', (d) => d.userId === caller.userId);
    expect((await caller.call('POST', '/api/trial/start', {})).status).toBe(200);
  }

  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startEventPublisher(h.db, h.nats, 'access');
    identity = await startEventPublisher(h.db, h.nats, 'identity');
    const keys = devKeys();
    if (!keys) throw new Error('The development keys are needed to sign test sessions');
    const sign = createSessionSigner({
      privateKeyPem: keys.privateKeyPem,
      issuer: 'mia-identity',
      audience: 'mia',
    });
    const adminId = crypto.randomUUID();
    admin = await h.signIn({ role: 'admin', userId: adminId });
    ({ token: adminToken } = await sign({
      userId: adminId,
      role: 'admin',
      email: admin.email,
      name: 'Dueña',
      amr: ['pwd', 'otp'],
    }));
    // Around today (UTC), so a run across midnight still sees everything.
    range = { from: day(-1), to: day(1) };

    // A tool bought by a customer whose e-mail a spreadsheet would run as a formula.
    buyer = await h.signIn({ email: '-2+3@iglesia.org' });
    const bought = await buyTool(h, buyer, 'manual-ceremonias');
    toolPaymentId = bought.confirmation.body.paymentId as string;
    await h.waitForEvent('PaymentSucceeded', (d) => d.paymentId === toolPaymentId);
    // A monthly and an annual plan.
    subscriber = await h.signIn();
    await subscribe(h, subscriber, 'monthly');
    await h.waitForEvent('SubscriptionActivated', (d) => d.userId === subscriber.userId);
    const annual = await h.signIn();
    await subscribe(h, annual, 'annual');
    await h.waitForEvent('SubscriptionActivated', (d) => d.userId === annual.userId);
    // Part of the tool refunded.
    const refund = await admin.call('POST', '/api/admin/refunds', {
      paymentId: toolPaymentId,
      amountCents: 300,
    });
    expect(refund.status).toBe(200);
    // Two trials; one of them buys a tool afterwards.
    converted = await h.signIn();
    await startVerifiedTrial(converted);
    await startVerifiedTrial(await h.signIn());
    await buyTool(h, converted, 'apocalipsis');
    await h.waitForEvent('PaymentSucceeded', (d) => d.userId === converted.userId);
    // A chargeback lost, and an inquiry still open.
    const disputer = await h.signIn();
    const disputed = await buyTool(h, disputer, 'diccionario-biblico', TEST_CARDS.dispute);
    const dispute = await h.waitForEvent(
      'PaymentDisputed',
      (d) => d.paymentId === disputed.confirmation.body.paymentId,
    );
    const lost = await fetch(`${h.sandboxUrl}/_dispute/${String(dispute.data.disputeId)}/close`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.sandbox.secretKey}`,
      },
      body: JSON.stringify({ outcome: 'lost' }),
    });
    expect(lost.status).toBe(200);
    await h.waitForEvent('DisputeClosed', (d) => d.disputeId === dispute.data.disputeId);
    const questioner = await h.signIn();
    const questioned = await buyTool(h, questioner, 'cantar-cantares', TEST_CARDS.inquiry);
    await h.waitForEvent(
      'PaymentDisputed',
      (d) => d.paymentId === questioned.confirmation.body.paymentId,
    );
    // Access reports two uses of the tool bought first.
    const now = new Date().toISOString();
    await access.store.append(`usage-${buyer.userId}`, 'any', [
      {
        type: GptOpenedV1.type,
        data: { userId: buyer.userId, productId: 'manual-ceremonias', via: 'dashboard', at: now },
      },
      {
        type: GptOpenedV1.type,
        data: { userId: buyer.userId, productId: 'manual-ceremonias', via: 'mcp', at: now },
      },
    ]);
    await waitFor(
      async () => ((await metrics()).series.reduce((s, p) => s + p.uses, 0) === 2 ? true : null),
      { message: 'the two uses in the metrics', timeoutMs: EVENT_WAIT_MS },
    );
  });
  afterAll(async () => {
    await access?.stop();
    await identity?.stop();
    await h?.stop();
  });

  const expected = () => {
    const gross = 4 * TOOL_CENTS + MONTHLY_CENTS + ANNUAL_CENTS;
    return {
      revenue: {
        grossCents: gross,
        refundedCents: 300,
        disputedCents: TOOL_CENTS,
        netCents: gross - 300 - TOOL_CENTS,
      },
      mrrCents: MONTHLY_CENTS + Math.round(ANNUAL_CENTS / 12),
      activePlans: { monthly: 1, annual: 1 },
      newCustomers: 6,
      trials: { started: 2, converted: 1, conversionRate: 0.5 },
      disputes: { open: 1, won: 0, lost: 1 },
      // Equal revenue and sales: the most used first, then by id.
      topTools: [
        { productId: 'manual-ceremonias', sales: 1, revenueCents: TOOL_CENTS, uses: 2 },
        { productId: 'apocalipsis', sales: 1, revenueCents: TOOL_CENTS, uses: 0 },
        { productId: 'cantar-cantares', sales: 1, revenueCents: TOOL_CENTS, uses: 0 },
        { productId: 'diccionario-biblico', sales: 1, revenueCents: TOOL_CENTS, uses: 0 },
      ],
    } satisfies Omit<SalesMetricsResponse, 'series'>;
  };

  it('answers the sale, the plans, the refund, the trials and the uses', async () => {
    const m = await metrics();
    expect(m).toMatchObject(expected());
    expect(m.series.map((p) => p.date)).toEqual([range.from, day(0), range.to]);
    const sum = (k: 'grossCents' | 'refundedCents' | 'newCustomers' | 'uses') =>
      m.series.reduce((s, p) => s + p[k], 0);
    expect([sum('grossCents'), sum('refundedCents'), sum('newCustomers'), sum('uses')]).toEqual([
      m.revenue.grossCents,
      300,
      6,
      2,
    ]);
  });

  it('charts months, and a range before anything happened is all zeros with no plans', async () => {
    const monthly = await metrics(`from=${range.from}&to=${range.to}&interval=month`);
    expect(monthly.series.length).toBeGreaterThanOrEqual(1);
    expect(monthly.series.every((p) => p.date.endsWith('-01'))).toBe(true);
    expect(monthly.revenue).toEqual(expected().revenue);

    const before = await metrics('from=2025-01-01&to=2025-01-31');
    expect(before.series).toHaveLength(31);
    expect(before).toMatchObject({
      revenue: { grossCents: 0, refundedCents: 0, disputedCents: 0, netCents: 0 },
      mrrCents: 0,
      activePlans: { monthly: 0, annual: 0 },
      newCustomers: 0,
      trials: { started: 0, converted: 0, conversionRate: 0 },
      topTools: [],
    });
  });

  it('applying the same events again, or replaying the store, changes nothing', async () => {
    const before = await metrics();
    const { runner, schema } = h.service.ctx;
    const rows = await runner.sql.query<{
      id: string;
      type: string;
      event_version: number;
      stream_id: string;
      version: number;
      global_position: string;
      occurred_at: Date;
      data: unknown;
    }>(
      `SELECT id, type, event_version, stream_id, version, global_position, occurred_at, data
       FROM "${schema}".events WHERE type = ANY($1::text[]) ORDER BY global_position`,
      [salesProjection.handles.filter((t) => t !== 'ToolUseNoted')],
    );
    expect(rows.length).toBeGreaterThan(5);
    await runner.transaction(async (ctx) => {
      for (const r of rows) {
        const event: StoredEvent = {
          id: r.id,
          type: r.type,
          version: r.event_version,
          streamId: r.stream_id,
          streamVersion: r.version,
          globalPosition: Number(r.global_position),
          transactionId: '0',
          occurredAt: new Date(r.occurred_at).toISOString(),
          data: r.data,
          metadata: {} as StoredEvent['metadata'],
        };
        await salesProjection.apply(event, ctx);
      }
    });
    expect(await metrics()).toEqual(before);

    await rebuildProjections({ runner, schema, projections: [salesProjection] });
    expect(await metrics()).toEqual(before);
  });

  it('exports the payments as CSV: BOM, header, the rows, formulas neutralised', async () => {
    const { res, bytes } = await download(
      `/api/admin/exports/payments.csv?from=${range.from}&to=${range.to}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="pagos-${range.from}-${range.to}.csv"`,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'payment_id,paid_at,customer_email,description,amount,discount,currency,status,refunded,provider_payment_id',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(6);
    const tool = rows.find((r) => r.startsWith(toolPaymentId));
    expect(tool).toMatch(
      new RegExp(
        `^${toolPaymentId},[^,]+Z,'-2\\+3@iglesia\\.org,[^,]+,9\\.99,0\\.00,USD,succeeded,3\\.00,pi_`,
      ),
    );
    // Nothing else starts with a formula character.
    for (const row of rows) {
      for (const cell of row.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });

  it('exports the customers as CSV: what each paid, their plan and tools', async () => {
    const { res, bytes } = await download('/api/admin/exports/customers.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'user_id,email,first_purchase_at,total_paid,refunded,active_plan,tools_owned',
    );
    const row = (userId: string) => lines.find((l) => l.startsWith(userId))?.split(',');
    expect(row(buyer.userId)?.slice(1)).toEqual([
      "'-2+3@iglesia.org",
      expect.stringMatching(/Z$/),
      '9.99',
      '3.00',
      '',
      '1',
    ]);
    expect(row(subscriber.userId)?.slice(3)).toEqual(['20.00', '0.00', 'monthly', '0']);
    expect(row(converted.userId)?.slice(3)).toEqual(['9.99', '0.00', '', '1']);
    expect(lines.slice(1, -1)).toHaveLength(6);
  });

  it('streams more rows than one batch, each once, in paid order (ties by id)', async () => {
    const { runner } = h.service.ctx;
    const tie = '2025-06-15T10:00:00.000Z';
    const paidAt = (i: number) =>
      i < 600 ? tie : new Date(Date.parse(tie) + (i - 599) * 1000).toISOString();
    const ids = Array.from({ length: 1_001 }, () => crypto.randomUUID());
    await runner.transaction(async (ctx) => {
      for (const [i, paymentId] of ids.entries()) {
        const event = {
          id: crypto.randomUUID(),
          type: 'PaymentSucceeded',
          version: 1,
          streamId: `payment-${paymentId}`,
          streamVersion: 1,
          globalPosition: 0,
          transactionId: '0',
          occurredAt: paidAt(i),
          metadata: {} as StoredEvent['metadata'],
          data: {
            paymentId,
            userId: crypto.randomUUID(),
            purpose: { kind: 'product', productId: 'epistolas-pablo' },
            amountCents: 999,
            currency: 'usd',
            provider: 'sandbox',
            providerPaymentId: `pi_${i}`,
            description: 'Epístolas de Pablo',
            paidAt: paidAt(i),
            cardLast4: null,
            cardBrand: null,
          },
        } satisfies StoredEvent;
        await salesProjection.apply(event, ctx);
      }
    });
    const { res, bytes } = await download(
      '/api/admin/exports/payments.csv?from=2025-06-15&to=2025-06-15',
    );
    expect(res.status).toBe(200);
    const rows = bytes.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    const byTime = ids
      .map((id, i) => ({ id, at: paidAt(i) }))
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1));
    expect(rows.map((r) => r.split(',')[0])).toEqual(byTime.map((p) => p.id));
    const metrics2025 = await metrics('from=2025-06-15&to=2025-06-15');
    expect(metrics2025.revenue.grossCents).toBe(1_001 * 999);
    expect(metrics2025.newCustomers).toBe(1_001);

    const customers = await download('/api/admin/exports/customers.csv');
    const customerRows = customers.bytes.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    const customerIds = customerRows.map((r) => r.split(',')[0]);
    expect(customerIds).toHaveLength(1_001 + 6);
    expect(new Set(customerIds).size).toBe(customerIds.length);
    expect([...customerIds].sort()).toEqual(customerIds);
  });

  it('refuses a customer, a range over three years and a day that does not exist', async () => {
    for (const path of [
      `/api/admin/metrics?from=${range.from}&to=${range.to}`,
      `/api/admin/exports/payments.csv?from=${range.from}&to=${range.to}`,
      '/api/admin/exports/customers.csv',
    ]) {
      expect((await buyer.call('GET', path)).status).toBe(403);
    }
    const long = await admin.call('GET', '/api/admin/metrics?from=2020-01-01&to=2024-01-01');
    expect(long).toMatchObject({ status: 400, body: { code: 'range_too_long' } });
    const longCsv = await admin.call(
      'GET',
      '/api/admin/exports/payments.csv?from=2020-01-01&to=2024-01-01',
    );
    expect(longCsv).toMatchObject({ status: 400, body: { code: 'range_too_long' } });
    const missing = await admin.call('GET', '/api/admin/metrics?from=2026-02-30&to=2026-03-01');
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_date' } });
    expect((await admin.call('GET', '/api/admin/metrics?from=2026-03-01')).status).toBe(400);
    expect(
      (await admin.call('GET', '/api/admin/metrics?from=2026-03-01&to=2026-03-02&interval=year'))
        .status,
    ).toBe(400);
  });
});
