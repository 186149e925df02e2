import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StripeErrorBody } from './errors.js';
import { cardFields, confirmWithCard, startSandbox, type TestSandbox } from './harness.fixture.js';

type Declined = { error: StripeErrorBody & { payment_intent: Stripe.PaymentIntent } };

describe('payment intents through the real SDK', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startSandbox();
  });
  afterEach(() => t.close());

  async function purchase() {
    const customer = await t.stripe.customers.create({
      email: 'ana@example.com',
      metadata: { userId: 'u_1' },
    });
    const pi = await t.stripe.paymentIntents.create({
      amount: 2999,
      currency: 'usd',
      customer: customer.id,
      description: 'Sermon helper',
      automatic_payment_methods: { enabled: true },
      metadata: { userId: 'u_1', productId: 'sermon-helper' },
    });
    return { customer, pi };
  }

  it('creates a customer and a PaymentIntent shaped as Stripe answers them', async () => {
    const { customer, pi } = await purchase();
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ana@example.com',
      livemode: false,
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(pi).toMatchObject({
      object: 'payment_intent',
      amount: 2999,
      currency: 'usd',
      customer: customer.id,
      status: 'requires_payment_method',
      metadata: { userId: 'u_1', productId: 'sermon-helper' },
      automatic_payment_methods: { enabled: true },
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    expect(pi.created).toBeCloseTo(t.sandbox.clock.now(), -1);
  });

  it('4242 typed in the browser pays; the server then sees it succeeded with its charge', async () => {
    const { pi } = await purchase();
    const confirm = await confirmWithCard<Stripe.PaymentIntent>(
      t,
      pi.client_secret!,
      '4242424242424242',
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.status).toBe('succeeded');

    const seen = await t.stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(seen.status).toBe('succeeded');
    expect(seen.amount_received).toBe(2999);
    const charge = seen.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 2999,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(charge.receipt_url).toContain(charge.id);
    const pm = await t.stripe.paymentMethods.retrieve(seen.payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
  ])('%s is declined with 402 %s/%s', async (number, code, declineCode, message) => {
    const { pi } = await purchase();
    const confirm = await confirmWithCard<Declined>(t, pi.client_secret!, number);
    expect(confirm.status).toBe(402);
    expect(confirm.body.error).toMatchObject({
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
    });
    expect(confirm.body.error.payment_intent).toMatchObject({
      id: pi.id,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code, decline_code: declineCode },
    });

    const seen = await t.stripe.paymentIntents.retrieve(pi.id);
    expect(seen.status).toBe('requires_payment_method');
    expect(seen.last_payment_error).toMatchObject({ code, decline_code: declineCode, message });

    // The customer may try again with another card.
    const retry = await confirmWithCard<Stripe.PaymentIntent>(
      t,
      pi.client_secret!,
      '4242424242424242',
    );
    expect(retry.body.status).toBe('succeeded');
  });

  it.each([
    [{ 'payment_method_data[card][number]': '4242424242424241' }, 'incorrect_number'],
    [{ 'payment_method_data[card][number]': '1234' }, 'invalid_number'],
    [{ 'payment_method_data[card][exp_year]': '2020' }, 'expired_card'],
    [{ 'payment_method_data[card][cvc]': '12' }, 'incorrect_cvc'],
  ])('refuses bad card data %o with %s', async (override, code) => {
    const { pi } = await purchase();
    const confirm = await t.browserPost<Declined>(`/v1/payment_intents/${pi.id}/confirm`, {
      client_secret: pi.client_secret!,
      ...cardFields('4242424242424242', override),
    });
    expect(confirm.status).toBe(402);
    expect(confirm.body.error).toMatchObject({ type: 'card_error', code });
    expect(confirm.body.error.param).toMatch(/^payment_method_data\[card\]/);
  });

  it('a server-side confirm with a declined test payment method throws StripeCardError', async () => {
    const { pi } = await purchase();
    const error = await t.stripe.paymentIntents
      .confirm(pi.id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' })
      .then(
        () => null,
        (e: unknown) => e as Stripe.errors.StripeCardError,
      );
    expect(error?.type).toBe('StripeCardError');
    expect(error?.code).toBe('card_declined');
    expect(error?.decline_code).toBe('insufficient_funds');
    expect(error?.payment_intent?.status).toBe('requires_payment_method');
  });

  it('cannot confirm twice', async () => {
    const { pi } = await purchase();
    await t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    await expect(
      t.stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
  });

  it('the browser needs the right client secret, and the publishable key opens nothing else', async () => {
    const { pi } = await purchase();
    const wrong = await t.browserPost<{ error: StripeErrorBody }>(
      `/v1/payment_intents/${pi.id}/confirm`,
      {
        client_secret: `${pi.id}_secret_wrong`,
        ...cardFields('4242424242424242'),
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.param).toBe('client_secret');
    const other = await t.browserPost<{ error: StripeErrorBody }>('/v1/customers', {
      email: 'x@y.z',
    });
    expect(other.status).toBe(401);
    expect((await t.stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });

  it('answers 401 in Stripe shape without the secret key', async () => {
    const res = await fetch(`${t.url}/v1/customers`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const bad = await fetch(`${t.url}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_wrong' },
    });
    expect(bad.status).toBe(401);
  });

  it('answers 404 resource_missing for unknown ids and 400 for unknown ids in parameters', async () => {
    await expect(t.stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      t.stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: 'cus_missing' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    await expect(
      t.stripe.paymentIntents.create({ amount: 10, currency: 'usd' }),
    ).rejects.toMatchObject({
      code: 'amount_too_small',
    });
  });

  it('updates a customer default payment method only with a card saved on that customer', async () => {
    const { customer } = await purchase();
    const si = await t.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const confirmed = await confirmWithCard<Stripe.SetupIntent>(
      t,
      si.client_secret!,
      '4000000000000341',
    );
    expect(confirmed.body.status).toBe('succeeded');
    const pm = confirmed.body.payment_method as string;
    const updated = await t.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm },
      expand: ['invoice_settings.default_payment_method'],
    });
    expect(
      (updated.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4,
    ).toBe('0341');

    const stranger = await t.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 1, exp_year: 2099, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    await expect(
      t.stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: stranger.id },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a setup intent refuses 0002, as Stripe refuses to save it', async () => {
    const { customer } = await purchase();
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const confirmed = await confirmWithCard<{
      error: StripeErrorBody & { setup_intent: Stripe.SetupIntent };
    }>(t, si.client_secret!, '4000000000000002');
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error.setup_intent.status).toBe('requires_payment_method');
    expect((await t.stripe.setupIntents.retrieve(si.id)).last_setup_error?.code).toBe(
      'card_declined',
    );
  });

  it('answers under the gateway prefix and at the root alike', async () => {
    const root = await fetch(`${t.url}/_health`);
    const prefixed = await fetch(`${t.url}/sandbox/stripe/_health`);
    expect([root.status, prefixed.status]).toEqual([200, 200]);
  });

  it('supports lookup keys and expansion in price lists', async () => {
    const product = await t.stripe.products.create({ name: 'Mensual' });
    await t.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1999,
      recurring: { interval: 'month' },
      lookup_key: 'monthly',
    });
    await t.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 500,
      lookup_key: 'one',
    });
    const list = await t.stripe.prices.list({
      lookup_keys: ['monthly'],
      active: true,
      expand: ['data.product'],
    });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      unit_amount: 1999,
      recurring: { interval: 'month' },
      lookup_key: 'monthly',
    });
    expect((list.data[0]!.product as Stripe.Product).name).toBe('Mensual');
    await expect(
      t.stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1,
        lookup_key: 'monthly',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
  });
});
