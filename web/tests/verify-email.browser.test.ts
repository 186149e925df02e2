import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot } from './support/browser';
import {
  addPerson,
  ana,
  eventually,
  openPage,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
} from './support/commerce-harness';

// E-mail verification in the browser: the page the mailed link opens, the dashboard's banner
// until the address is verified, and no session request from a visitor who has no session.

let harness: CommerceHarness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  harness = await startCommerceHarness();
});
afterAll(() => stopCommerceHarness(harness));

beforeEach(() => {
  harness.identity.reset();
  harness.commerce.reset();
  addPerson(harness, ana);
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;

/** Every /api/user request the page makes, counted as it goes. */
function countUserRequests(p: Page) {
  const seen: string[] = [];
  p.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/user') seen.push(req.url());
  });
  return seen;
}

describe('/verify-email', () => {
  it('verifies the address of the mailed link once and says so, in Spanish', async () => {
    harness.identity.addVerificationToken('token-bueno-123', ana.email);
    harness.identity.users.get(ana.email)!.emailVerified = false;
    ({ context, page } = await openPage(harness, { locale: 'es' }));
    await page.goto(url('/verify-email?token=token-bueno-123'));
    await page.getByRole('heading', { name: '¡Correo confirmado!' }).waitFor();
    expect(harness.identity.users.get(ana.email)!.emailVerified).toBe(true);
    expect(harness.identity.verificationTokens.get('token-bueno-123')?.state).toBe('used');
    expect(await page.getByRole('link', { name: 'Ir a mi panel' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'verify-email-done-es-1280');
  });

  it('explains a replaced link in English, and a link without a token', async () => {
    harness.identity.addVerificationToken('old-token-123', ana.email);
    harness.identity.addVerificationToken('new-token-456', ana.email);
    ({ context, page } = await openPage(harness, { locale: 'en' }));
    await page.goto(url('/verify-email?token=old-token-123'));
    await page.getByRole('heading', { name: 'We could not confirm your email' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain(
      'This link was replaced by a newer one. Please use the latest link we sent you.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'verify-email-replaced-en-1280');

    await page.goto(url('/verify-email'));
    await page.getByRole('heading', { name: 'We could not confirm your email' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('This link is not valid.');
  });
});

describe('the dashboard banner', () => {
  it('asks an unverified user to confirm and mails a new link on request', async () => {
    harness.identity.users.get(ana.email)!.emailVerified = false;
    ({ context, page } = await openPage(harness, { locale: 'es', person: ana }));
    await page.goto(url('/dashboard'));
    const banner = page.getByRole('region', { name: 'Confirma tu correo electrónico' });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(ana.email);
    expect(await seriousViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Reenviar enlace' }).click();
    await eventually(() => banner.getByRole('status').innerText()).toBe(
      'Te enviamos un enlace nuevo. Revisa tu bandeja de entrada.',
    );
    expect(
      [...harness.identity.verificationTokens.values()].filter((t) => t.state === 'valid'),
    ).toHaveLength(1);
    await screenshot(page, 'dashboard-verify-banner-es-1280');
  });

  it('says when too many links were asked for, and is gone once verified', async () => {
    harness.identity.users.get(ana.email)!.emailVerified = false;
    harness.identity.limitResend = true;
    ({ context, page } = await openPage(harness, { locale: 'en', person: ana }));
    await page.goto(url('/dashboard'));
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await eventually(() => banner.getByRole('status').innerText()).toContain(
      'You have asked for several links already.',
    );

    harness.identity.users.get(ana.email)!.emailVerified = true;
    await page.reload();
    await page.getByTestId('tools-list').waitFor();
    expect(await page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(0);
  });
});

describe('the session request', () => {
  it('is not made on a public page without the signed-in hint, so no 401 is logged', async () => {
    ({ context, page } = await openPage(harness, { locale: 'es' }));
    const requests = countUserRequests(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Iniciar Sesión' }).first().waitFor();
    await page.goto(url('/verify'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is made with the hint, and a 401 clears the hint so it is not made again', async () => {
    ({ context, page } = await openPage(harness, { locale: 'es' }));
    await context.addCookies([{ name: 'mia_signed_in', value: '1', url: harness.server.url }]);
    const requests = countUserRequests(page);
    await page.goto(url('/'));
    await eventually(() => requests.length).toBe(1);
    await eventually(async () =>
      (await context.cookies()).some((c) => c.name === 'mia_signed_in'),
    ).toBe(false);
    await page.goto(url('/features'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(requests).toHaveLength(1);
  });
});
