import { startTestSmtpServer, waitFor, type TestSmtpServer } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  EVENT_WAIT_MS,
  startBillingHarness,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

describe('mail goes out after commit, never under the append lock', () => {
  let smtp: TestSmtpServer;
  let h: BillingHarness;
  beforeAll(async () => {
    smtp = await startTestSmtpServer('silent');
    h = await startBillingHarness({
      env: { SMTP_URL: smtp.url, SMTP_GREETING_TIMEOUT_MS: '3000' },
    });
  });
  afterAll(async () => {
    await h?.stop();
    await smtp?.close();
  });

  it("a mail server that accepts and never greets: another user's confirm-payment answers at once; the receipts go once it behaves", async () => {
    // Eva's card is confirmed at the provider first, with its webhook held back, so her
    // confirm-payment is what records her payment (an append); only that call is timed.
    h.sandbox.setWebhookUrl(null);
    const eva = await h.signIn({ name: 'Eva' });
    const intent = await eva.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'manual-ceremonias' },
    );
    await h.confirmCard(intent.body.clientSecret, '4242424242424242');
    h.sandbox.setWebhookUrl(`${h.service.url}/api/webhooks/stripe`);

    const ana = await h.signIn({ name: 'Ana' });
    const first = await buyTool(h, ana);
    expect(first.confirmation.status).toBe(200);
    // Ana's receipt is being sent: the server took the connection and says nothing (for 3 s).
    await waitFor(() => smtp.connections > 0, {
      message: 'the receipt reaching the mail server',
      timeoutMs: EVENT_WAIT_MS,
    });

    const started = performance.now();
    const confirmation = await eva.call('POST', '/api/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    const tookMs = performance.now() - started;
    expect(confirmation).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    expect(tookMs).toBeLessThan(1_000);

    smtp.behave('ok');
    await waitFor(() => smtp.received.length >= 2, {
      message: 'both receipts',
      timeoutMs: 20_000,
    });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [`<${ana.email}>`, `<${eva.email}>`].sort(),
    );
    // Recorded as sent: a later drain sends nothing again.
    expect(await h.service.mailWorker?.drain()).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });
});
