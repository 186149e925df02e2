import { annualPlan, DEFAULT_CHECKOUT_ID, findProduct } from '@mia/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILURES } from '../../libs/stripe-sandbox/src/cards.js';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  ana,
  openPage,
  sidewaysOverflow,
  startCommerceHarness,
  stopCommerceHarness,
  eventually,
  type CommerceHarness,
} from './support/commerce-harness';
import { FAKE_TEXTS, SANDBOX_PUBLISHABLE_KEY } from './support/fake-commerce';

// Checkout and the free trial against stand-ins for billing and the Stripe sandbox
// (support/fake-commerce.ts): the browser confirms the card exactly as Stripe.js would.

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
const toast = () => page.getByTestId('toast');

async function open(path: string, options: Parameters<typeof openPage>[1] = { person: ana }) {
  ({ context, page } = await openPage(harness, options));
  await page.goto(url(path));
}

async function fillBilling(labels = { first: 'Nombre', last: 'Apellido' }) {
  await page.getByLabel(labels.first, { exact: true }).fill('Ana');
  await page.getByLabel(labels.last, { exact: true }).fill('Ruiz');
  await page.getByLabel(/^(Dirección|Address)$/).fill('Calle Sol 1');
  await page.getByLabel(/^(Ciudad|City)$/).fill('San Juan');
  await page.getByLabel(/^(Código postal|ZIP code)$/).fill('00901');
}

async function fillCard(number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel(/^(Número de tarjeta|Card number)$/).fill(number);
  await page.getByLabel(/^(Vencimiento|Expiry)/).fill(expiry);
  await page.getByLabel(/CVC/).fill(cvc);
}

describe('the checkout page', () => {
  it('sends a signed-out visitor to sign in', async () => {
    await open('/checkout/apocalipsis', {});
    await page.waitForURL(url('/auth'));
  });

  it('says "Producto Inválido" for an unknown product and goes home', async () => {
    await open('/checkout/no-such-tool');
    await eventually(() => toast().innerText()).toContain('Producto Inválido');
    expect(await toast().innerText()).toContain('El producto seleccionado no está disponible.');
    await page.waitForURL(url('/'));
  });

  it('sells manual-ceremonias when no product is named, with the summary and the form', async () => {
    await open('/checkout');
    const summary = page.getByTestId('checkout-summary');
    const product = findProduct(DEFAULT_CHECKOUT_ID)!;
    await eventually(() => summary.innerText()).toContain(product.name);
    const text = await summary.innerText();
    expect(text).toContain('$9.99 USD');
    expect(text).toContain('Pago único');
    for (const feature of product.features) expect(text).toContain(feature);
    await page.getByRole('button', { name: 'Pagar $9.99 USD' }).waitFor();
    // The sandbox is labelled as such, with its test cards beside the fields.
    expect(await page.getByText('Tarjeta de prueba (sandbox)').count()).toBe(1);
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) {
      expect(await page.getByRole('button', { name: `Usar la tarjeta ${card}` }).count()).toBe(1);
    }
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(ana.email);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-checkout-es-1280');
    expect(await page.getByRole('link', { name: 'Cancelar' }).getAttribute('href')).toBe('/');
  });

  it('requires every billing field and the card before asking the provider', async () => {
    await open('/checkout/apocalipsis');
    await page.getByLabel('Correo electrónico').fill('');
    await page.getByRole('button', { name: 'Pagar $9.99 USD' }).click();
    await eventually(() => page.getByText('Obligatorio', { exact: true }).count()).toBe(9);
    expect(harness.commerce.sandboxRequests).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('pays with the sandbox card, posts like Stripe.js and lands on the dashboard', async () => {
    await open('/checkout/apocalipsis', { locale: 'en', person: ana });
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).waitFor();
    await fillBilling({ first: 'First name', last: 'Last name' });
    await page.getByRole('button', { name: 'Use card 4242 4242 4242 4242' }).click();
    await page.getByLabel(/^Expiry/).fill('1234');
    await page.getByLabel(/CVC/).fill('123');
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).click();

    // Shown for the 1.5 s before the dashboard opens.
    await page.getByText('Redirecting...').first().waitFor({ state: 'attached' });
    expect(await toast().innerText()).toContain('Payment Successful');
    expect(await toast().innerText()).toContain('Thank you for your purchase! Access granted.');

    const [posted] = harness.commerce.sandboxRequests;
    const intent = [...harness.commerce.intents.values()][0]!;
    expect(posted!.path).toBe(`/sandbox/stripe/v1/payment_intents/${intent.id}/confirm`);
    expect(Object.fromEntries(posted!.form)).toEqual({
      key: SANDBOX_PUBLISHABLE_KEY,
      client_secret: intent.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
      'payment_method_data[card][cvc]': '123',
    });
    // Billing details stay in the browser (spec section 5).
    expect(posted!.form.toString()).not.toContain('Ruiz');

    await page.waitForURL(url('/dashboard'));
    const tool = page.getByTestId('tool-apocalipsis');
    await eventually(() => tool.innerText()).toContain('Used 0 times');
    await eventually(() => page.getByTestId('payment-history').innerText()).toContain('Paid');
    expect(harness.commerce.usable(ana.email, 'apocalipsis')).toBeTruthy();
  });

  it('shows the provider’s message for a declined card, grants nothing, and lets the buyer retry', async () => {
    await open('/checkout/generador-sermones', { locale: 'en', person: ana });
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).waitFor();
    await fillBilling({ first: 'First name', last: 'Last name' });
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await eventually(() => toast().innerText()).toContain('Payment Failed');
    expect(await toast().innerText()).toContain(FAILURES.declined.message);
    expect(page.url()).toBe(url('/checkout/generador-sermones'));
    expect(harness.commerce.usable(ana.email, 'generador-sermones')).toBeUndefined();
    await screenshot(page, 'commerce-checkout-declined-en-1280');

    await fillCard('4000 0000 0000 9995');
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await eventually(() => toast().innerText()).toContain(FAILURES.insufficientFunds.message);

    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await eventually(() => toast().innerText()).toContain('Payment Successful');
    expect(harness.commerce.usable(ana.email, 'generador-sermones')).toBeTruthy();
  });

  it('subscribes to the annual plan and shows it under billing', async () => {
    await open('/checkout/annual-subscription');
    await page.getByRole('button', { name: 'Pagar $65.00 USD' }).waitFor();
    expect(await page.getByTestId('checkout-summary').innerText()).toContain(annualPlan.name);
    await fillBilling();
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar $65.00 USD' }).click();
    await eventually(() => toast().innerText()).toContain('Pago completado');
    await page.waitForURL(url('/dashboard'));
    const billing = page.getByTestId('billing-management');
    await eventually(() => billing.innerText()).toContain('Plan Anual');
    expect(await billing.innerText()).toContain('Visa terminada en 4242');
    expect(await page.getByTestId('tool-cantar-cantares').innerText()).toContain('Usado 0 veces');
  });

  it('says "Error de Configuración" when billing cannot prepare the payment, then opens the dashboard', async () => {
    harness.commerce.failCheckoutSetup = true;
    await open('/checkout/apocalipsis');
    await eventually(() => toast().innerText()).toContain('Error de Configuración');
    expect(await toast().innerText()).toContain('Billing is unavailable');
    await page.waitForURL(url('/dashboard'));
  });

  it('says "Payment Processing Error" when the payment went through but access was not granted', async () => {
    harness.commerce.failConfirmPayment = true;
    await open('/checkout/apocalipsis', { locale: 'en', person: ana });
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).waitFor();
    await fillBilling({ first: 'First name', last: 'Last name' });
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await eventually(() => toast().innerText()).toContain('Payment Processing Error');
    expect(await toast().innerText()).toContain(
      'Payment succeeded but there was an issue granting access. Please contact support.',
    );
    // Paying again would charge twice.
    expect(await page.getByRole('button', { name: 'Pay $9.99 USD' }).isDisabled()).toBe(true);
  });

  it('fits a phone', async () => {
    await open('/checkout/epistolas-pablo', { viewport: viewports.mobile, person: ana });
    await page.getByRole('button', { name: 'Pagar $9.99 USD' }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-checkout-es-375');
  });
});

describe('the free trial', () => {
  it('sends a signed-out visitor to sign in', async () => {
    await open('/start-trial', {});
    await page.waitForURL(url('/auth'));
  });

  it('starts the trial, says until when, and opens the dashboard', async () => {
    // Billing answers only when let go, so the waiting page can be checked before it moves on.
    const answer = harness.commerce.holdTrial();
    await open('/start-trial');
    await page.getByRole('heading', { name: 'Iniciando tu prueba gratuita' }).waitFor();
    expect(
      await page.getByText('Configurando tu acceso a todos los GPTs por 3 días...').count(),
    ).toBe(1);
    await screenshot(page, 'commerce-trial-es-1280');
    expect(await seriousViolations(page)).toEqual([]);
    answer();
    await eventually(() => toast().innerText()).toContain('¡Prueba gratuita activada!');
    expect(await toast().innerText()).toContain('Tienes acceso a todos los GPTs hasta');
    await page.waitForURL(url('/dashboard'));
    await eventually(() => page.getByTestId('tool-que-dice-la-biblia').innerText()).toContain(
      'Prueba gratuita',
    );
  });

  it('an unverified address stays on the page: resend the link, verify, try again', async () => {
    harness.identity.users.get(ana.email)!.emailVerified = false;
    await open('/start-trial', { locale: 'en', person: ana });
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    expect(page.url()).toBe(url('/start-trial'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await eventually(() => page.getByRole('status').innerText()).toContain(
      'We have sent you a new link.',
    );
    await screenshot(page, 'commerce-trial-unverified-en-1280');
    // The link opened elsewhere; then the same page starts the trial.
    harness.identity.users.get(ana.email)!.emailVerified = true;
    await page.getByRole('button', { name: 'I have confirmed it: start the trial' }).click();
    await eventually(() => toast().innerText()).toContain('Free trial activated!');
    await page.waitForURL(url('/dashboard'));
  });

  it('says why a second trial was refused and goes home', async () => {
    const answer = harness.commerce.holdTrial();
    await open('/start-trial', { locale: 'en', viewport: viewports.mobile, person: ana });
    await page.getByRole('heading', { name: 'Starting your free trial' }).waitFor();
    await screenshot(page, 'commerce-trial-en-375');
    answer();
    await page.waitForURL(url('/dashboard'));
    await page.goto(url('/start-trial'));
    await eventually(() => toast().innerText()).toContain('Could not start the trial');
    expect(await toast().innerText()).toContain(FAKE_TEXTS.trialUsed);
    await page.waitForURL(url('/'));
  });
});
