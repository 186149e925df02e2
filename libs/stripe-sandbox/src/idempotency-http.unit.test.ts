import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from './harness.fixture.js';

describe('idempotency keys through the real SDK', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startSandbox();
  });
  afterEach(() => t.close());

  it('the same key and parameters return the same object, created once', async () => {
    const params = { amount: 1500, currency: 'usd', metadata: { purchase: 'p_1' } };
    const first = await t.stripe.paymentIntents.create(params, { idempotencyKey: 'purchase-p_1' });
    const second = await t.stripe.paymentIntents.create(params, { idempotencyKey: 'purchase-p_1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(t.sandbox.state.paymentIntents.size).toBe(1);
  });

  it('the same key with other parameters is refused with StripeIdempotencyError', async () => {
    await t.stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k-1' });
    const error = await t.stripe.customers
      .create({ email: 'b@example.com' }, { idempotencyKey: 'k-1' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(t.sandbox.state.customers.size).toBe(1);
  });

  it('replays a declined confirm instead of charging again', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    const confirm = () =>
      t.stripe.paymentIntents
        .confirm(
          pi.id,
          { payment_method: 'pm_card_chargeDeclined' },
          { idempotencyKey: 'confirm-1' },
        )
        .then(
          () => null,
          (e: unknown) => e as Stripe.errors.StripeCardError,
        );
    const [first, second] = [await confirm(), await confirm()];
    expect(first?.code).toBe('card_declined');
    expect(first?.charge).toMatch(/^ch_/);
    expect(second?.charge).toBe(first?.charge);
    expect(t.sandbox.state.charges.size).toBe(1);
  });
});
