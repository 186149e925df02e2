import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  ana,
  eventually,
  openPage,
  root,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
} from './support/commerce-harness';

// The admin's refunds of plans, the disputes panel (issue 20) and the payments listed for review
// (amount other than the price), against the commerce stand-ins.

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
  for (const person of [ana, root]) addPerson(harness, person);
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

async function openAdmin(
  locale: 'es' | 'en' = 'es',
  viewport: { width: number; height: number } = viewports.desktop,
) {
  ({ context, page } = await openPage(harness, { person: root, viewport, locale }));
  await page.goto(`${harness.server.url}/dashboard`);
  await page.getByTestId('admin-panel').waitFor();
  return page.getByTestId('admin-panel');
}

/** Disputes and payments to review live in the admin console (/admin), not on the dashboard. */
async function openConsole(
  section: 'disputes' | 'customers',
  locale: 'es' | 'en' = 'es',
  viewport: { width: number; height: number } = viewports.desktop,
) {
  ({ context, page } = await openPage(harness, { person: root, viewport, locale }));
  await page.goto(`${harness.server.url}/admin/${section}`);
  await page.getByTestId('admin-console-nav').waitFor();
  return page.locator('main');
}

describe('admin: refunds of plans and dispute evidence', () => {
  it('a plan payment asks whether to cancel the plan now or keep it', async () => {
    const payment = harness.commerce.givePlanPayment(ana.email, 'monthly');
    const panel = await openAdmin();
    await panel.getByLabel('Correo del cliente').fill(ana.email);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    const details = panel.getByTestId('customer-details');
    await details.getByRole('button', { name: `Reembolsar ${payment.description}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reembolsar el pago' }).click();
    // Billing answers that a plan needs a choice: the dialog asks it.
    await eventually(() => dialog.innerText()).toContain('¿Qué pasa con el plan?');
    expect(harness.commerce.refunds).toEqual([]);
    await dialog.getByLabel('Mantener el plan (reembolso de cortesía)').check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-refund-plan-choice-es-1280');
    await dialog.getByRole('button', { name: 'Reembolsar el pago' }).click();
    await eventually(() => page.getByTestId('toast').innerText()).toContain('Reembolso solicitado');
    expect(harness.commerce.refunds).toEqual([
      { paymentId: payment.id, planAction: 'keep', amountCents: null },
    ]);
    expect(harness.commerce.usable(ana.email, 'apocalipsis')?.source.kind).toBe('subscription');
  });

  it('a partial refund sends the amount in cents', async () => {
    const payment = harness.commerce.givePurchase(ana.email, 'apocalipsis');
    const panel = await openAdmin();
    await panel.getByLabel('Correo del cliente').fill(ana.email);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await panel.getByRole('button', { name: `Reembolsar ${payment.description}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reembolso parcial').click();
    await dialog.getByLabel('Importe a devolver (USD)').fill('3.50');
    await dialog.getByRole('button', { name: 'Reembolsar el pago' }).click();
    await eventually(() => page.getByTestId('toast').innerText()).toContain('Reembolso solicitado');
    expect(harness.commerce.refunds).toEqual([
      { paymentId: payment.id, planAction: null, amountCents: 350 },
    ]);
    expect(harness.commerce.usable(ana.email, 'apocalipsis')).toBeDefined();
  });

  it('lists open disputes, shows the evidence before sending it, and sends it once', async () => {
    const payment = harness.commerce.givePurchase(ana.email, 'apocalipsis', 4);
    const disputeId = harness.commerce.giveDispute(ana.email, payment);
    const panel = await openConsole('disputes', 'en');
    const disputes = panel.getByTestId('disputes-panel');
    await eventually(() => disputes.innerText()).toContain(ana.email);
    expect(await disputes.innerText()).toContain('Needs response');
    await disputes
      .getByRole('button', { name: `Prepare the evidence for ${payment.description}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Note for the bank (optional)')
      .fill('The customer used the tool 4 times.');
    await dialog.getByRole('button', { name: 'Show the evidence' }).click();
    const preview = dialog.getByTestId('dispute-evidence-preview');
    await eventually(() => preview.innerText()).toContain('4 uses recorded after the purchase');
    expect(await preview.innerText()).toContain('Refund policy');
    expect(harness.commerce.evidenceSent).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-dispute-evidence-en-1280');
    await dialog.getByRole('button', { name: 'Send evidence' }).click();
    await eventually(() => page.getByTestId('toast').innerText()).toContain('Evidence sent');
    expect(harness.commerce.evidenceSent).toEqual([
      { disputeId, note: 'The customer used the tool 4 times.' },
    ]);
    await eventually(() => disputes.innerText()).toContain('Evidence sent on');
    expect(await disputes.getByRole('button', { name: /Prepare the evidence/ }).count()).toBe(0);
  });
});

describe('admin: payments to review', () => {
  it('lists a payment of other money than its price, with both amounts, at both widths', async () => {
    const item = harness.commerce.givePaymentToReview(ana.email, {
      description: 'Apocalipsis',
      expectedCents: 999,
      paidCents: 500,
      paidCurrency: 'eur',
    });
    const panel = await openConsole('customers', 'es');
    const review = panel.getByTestId('payment-review-panel');
    await eventually(() => review.innerText()).toContain('Apocalipsis');
    const text = await review.innerText();
    expect(text).toContain('Pagos a revisar');
    expect(text).toContain('Esperado: 9.99 USD');
    expect(text).toContain('Pagado: 5.00 EUR');
    expect(text).toContain(item.providerPaymentId);
    expect(text).toContain('Buscar cliente');
    expect(text).not.toContain('No hay pagos a revisar');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-payment-review-es-1280');

    await page.setViewportSize(viewports.mobile);
    await review.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-payment-review-es-375');
  });

  it('says there is nothing to review when billing lists none', async () => {
    const panel = await openConsole('customers', 'en', viewports.mobile);
    const review = panel.getByTestId('payment-review-panel');
    await eventually(() => review.innerText()).toContain('No payments to review.');
    expect(await review.innerText()).toContain('Payments to review');
    expect(await review.getByRole('listitem').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
