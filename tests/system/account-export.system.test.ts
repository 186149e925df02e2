import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cardConfirmForm } from '@mia/stripe-sandbox';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../support/system.js';

// The right of access across real processes: a customer who bought and wrote a ticket asks for
// their data; every service answers through the event bus with a sealed part, identity mails
// the link, and the one download holds the facts of all four services.
describe('an account export gathers what every service keeps about the person', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startSystem();
  });
  afterAll(() => system?.stop());

  async function signUp(name: string) {
    const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@iglesia.org`;
    const res = await fetch(`${system.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl },
      body: JSON.stringify({
        name: `Pastor ${name}`,
        username: `${name.toLowerCase()}${randomUUID().slice(0, 8)}`,
        email,
        password: 'Gracia-y-Paz-2026',
      }),
    });
    expect(res.status).toBe(201);
    return { email, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
  }

  const call = (
    cookie: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl, cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function buy(cookie: string, productId: string) {
    const created = await call(cookie, '/api/create-payment-intent', { productId });
    expect(created.status).toBe(200);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const config = (await (await fetch(`${system.baseUrl}/api/billing/config`)).json()) as {
      publishableKey: string;
    };
    const intentId = clientSecret.split('_secret_')[0]!;
    const confirmed = await fetch(
      `${system.baseUrl}/sandbox/stripe/v1/payment_intents/${intentId}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: cardConfirmForm({
          publishableKey: config.publishableKey,
          clientSecret,
          number: '4242424242424242',
        }),
      },
    );
    expect(confirmed.status).toBe(200);
    expect((await call(cookie, '/api/confirm-payment', { paymentIntentId: intentId })).status).toBe(
      200,
    );
  }

  async function exportMailTo(
    email: string,
  ): Promise<{ downloadUrl: string; subject: string } | undefined> {
    const files = (await readdir(system.mailDir).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    for (const file of files) {
      const mail = JSON.parse(await readFile(join(system.mailDir, file), 'utf8')) as {
        to?: string;
        kind?: string;
        downloadUrl?: string;
        subject: string;
      };
      if (mail.to === email && mail.kind === 'account-export-ready' && mail.downloadUrl) {
        return { downloadUrl: mail.downloadUrl, subject: mail.subject };
      }
    }
    return undefined;
  }

  it('registers, buys, writes a ticket, exports, and downloads once, as that user only', async () => {
    const ana = await signUp('Ana');
    await buy(ana.cookie, 'manual-ceremonias');
    const ticketTitle = `No encuentro mi manual ${randomUUID().slice(0, 6)}`;
    const ticket = await call(ana.cookie, '/api/tickets', {
      title: ticketTitle,
      description: 'Compré el Manual de Ceremonias y quiero saber cómo abrirlo.',
      categoryId: 'access',
      priority: 'medium',
    });
    expect(ticket.status).toBe(201);
    // The purchase reached access before the export is asked for (events of one user may
    // otherwise still be on their way: the export shows what each service knows at that time).
    await waitFor(
      async () => {
        const d = (await (await call(ana.cookie, '/api/dashboard')).json()) as {
          availableProducts: { id: string; purchased: boolean }[];
        };
        return (
          d.availableProducts.find((p) => p.id === 'manual-ceremonias')?.purchased || undefined
        );
      },
      { message: 'the tool owned', timeoutMs: 15_000 },
    );

    const requested = await call(ana.cookie, '/api/account/export', {});
    expect(requested.status).toBe(202);
    const { exportId } = (await requested.json()) as { exportId: string };

    const mail = await waitFor(() => exportMailTo(ana.email), {
      message: 'the export-ready mail',
      timeoutMs: 30_000,
    });
    expect(mail.subject).toMatch(/copia de datos/);
    const path = new URL(mail.downloadUrl).pathname;
    expect(path).toBe(`/api/account/export/${exportId}`);

    const bob = await signUp('Bob');
    expect((await call(bob.cookie, path)).status).toBe(404);

    const download = await call(ana.cookie, path);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const text = await download.text();
    const doc = JSON.parse(text) as {
      user: { email: string };
      identity: { profile: { email: string } };
      billing: { payments: { productId: string; status: string }[] };
      access: { grants: { scope: string }[] };
      support: { tickets: { title: string }[] };
    };
    expect(doc.user.email).toBe(ana.email);
    expect(doc.identity.profile.email).toBe(ana.email);
    expect(doc.billing.payments).toEqual([
      expect.objectContaining({ productId: 'manual-ceremonias', status: 'succeeded' }),
    ]);
    expect(doc.access.grants.map((g) => g.scope)).toContain('manual-ceremonias');
    expect(doc.support.tickets.map((t) => t.title)).toEqual([ticketTitle]);
    expect(text).not.toContain('4242424242424242');

    expect((await call(ana.cookie, path)).status).toBe(404);
  });
});
