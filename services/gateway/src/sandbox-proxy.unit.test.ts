import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config.js';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';

describe('the Stripe sandbox behind /sandbox/stripe', () => {
  let sandbox: FakeService;
  let gateway: TestGateway;
  let without: TestGateway;
  beforeAll(async () => {
    sandbox = await startFakeService('sandbox');
    const dead = await deadUrl();
    const upstreams = { identity: dead, billing: dead, access: dead, support: dead };
    gateway = await startGateway(upstreams, { STRIPE_SANDBOX_URL: sandbox.url });
    without = await startGateway(upstreams);
  });
  afterAll(async () => {
    await gateway?.close();
    await without?.close();
    await sandbox?.close();
  });

  it('forwards the browser confirm with its path and form body untouched', async () => {
    const body = 'key=pk_test_sandbox&client_secret=pi_1_secret_2';
    const res = await request(`${gateway.url}/sandbox/stripe/v1/payment_intents/pi_1/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(200);
    const seen = sandbox.seen.at(-1);
    expect(seen?.url).toBe('/sandbox/stripe/v1/payment_intents/pi_1/confirm');
    expect(seen?.body.toString()).toBe(body);
  });

  it('is absent without a sandbox (the path falls through to the site)', async () => {
    const before = sandbox.seen.length;
    const res = await request(`${without.url}/sandbox/stripe/v1/payment_intents/pi_1/confirm`, {
      method: 'POST',
      body: 'x=1',
    });
    expect(res.status).not.toBe(200);
    expect(sandbox.seen).toHaveLength(before);
  });

  it('production refuses a sandbox', () => {
    expect(() =>
      loadGatewayConfig({
        MIA_ENV: 'production',
        IDENTITY_URL: 'http://identity:8081',
        BILLING_URL: 'http://billing:8082',
        ACCESS_URL: 'http://access:8083',
        SUPPORT_URL: 'http://support:8084',
        STRIPE_SANDBOX_URL: 'http://sandbox:12111',
      }),
    ).toThrow(/STRIPE_SANDBOX_URL/);
  });
});
