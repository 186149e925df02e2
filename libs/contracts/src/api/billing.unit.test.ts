import { describe, expect, it } from 'vitest';
import {
  adminRefundRequestSchema,
  billingConfigResponseSchema,
  billingOverviewResponseSchema,
  changePlanRequestSchema,
  clientSecretResponseSchema,
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  paymentMethodSetupResponseSchema,
} from './billing.js';
import { messages } from './messages.fixture.js';

describe('checkout calls (spec section 7)', () => {
  it('take the spec payloads', () => {
    expect(createPaymentIntentRequestSchema.parse({ productId: ' manual-ceremonias ' })).toEqual({
      productId: 'manual-ceremonias',
    });
    expect(
      createSubscriptionRequestSchema.parse({
        priceId: 'price_monthly_placeholder',
        planType: 'monthly',
      }),
    ).toEqual({ priceId: 'price_monthly_placeholder', planType: 'monthly' });
    expect(messages(createSubscriptionRequestSchema, { priceId: '', planType: 'weekly' })).toEqual(
      expect.arrayContaining(['priceId: Price is required']),
    );
    expect(messages(confirmPaymentRequestSchema, { paymentIntentId: ' ' })).toEqual([
      'paymentIntentId: Payment is required',
    ]);
  });

  it('answer with a client secret; checkouts also with the amount and discount, ids optional', () => {
    expect(clientSecretResponseSchema.parse({ clientSecret: 'pi_1_secret_2' })).toEqual({
      clientSecret: 'pi_1_secret_2',
    });
    const amounts = { amountCents: 499, discountCents: 500 };
    for (const schema of [createPaymentIntentResponseSchema, createSubscriptionResponseSchema]) {
      expect(schema.parse({ clientSecret: 'pi_1_secret_2', ...amounts })).toEqual({
        clientSecret: 'pi_1_secret_2',
        ...amounts,
      });
      // Always present since promotion codes: a page can tell a free purchase (0) from a paid one.
      expect(schema.safeParse({ clientSecret: 'pi_1_secret_2' }).success).toBe(false);
    }
    expect(
      createSubscriptionResponseSchema.parse({
        clientSecret: 's',
        subscriptionId: 'sub_1',
        ...amounts,
      }),
    ).toEqual({ clientSecret: 's', subscriptionId: 'sub_1', ...amounts });
  });

  it('confirm-payment reports a PaymentIntent status', () => {
    expect(confirmPaymentResponseSchema.parse({ status: 'succeeded' }).status).toBe('succeeded');
    expect(messages(confirmPaymentResponseSchema, { status: 'paid' })).toHaveLength(1);
  });
});

describe('billing management', () => {
  it('config tells the checkout whether the sandbox stands in', () => {
    expect(billingConfigResponseSchema.parse({ sandbox: true, publishableKey: '' })).toEqual({
      sandbox: true,
      publishableKey: '',
      testMode: false,
    });
  });

  it('overview: a user with nothing', () => {
    const empty = { plan: null, trialEndsAt: null, card: null, invoices: [] };
    expect(billingOverviewResponseSchema.parse(empty)).toEqual(empty);
  });

  it('overview: plan, card and invoices with decimal-string amounts', () => {
    const overview = {
      plan: {
        planType: 'annual',
        status: 'active',
        currentPeriodEnd: '2027-11-21T10:00:00.000Z',
        cancelAtPeriodEnd: false,
        priceCents: 6500,
        currency: 'usd',
      },
      trialEndsAt: '2026-11-24T10:00:00.000Z',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      invoices: [
        {
          id: 'p1',
          createdAt: '2026-11-21T10:00:00.000Z',
          description: 'Plan Anual',
          amount: '65.00',
          status: 'succeeded',
          receiptUrl: null,
        },
      ],
    };
    expect(billingOverviewResponseSchema.parse(overview)).toEqual(overview);
    const bad = structuredClone(overview);
    bad.invoices[0]!.amount = '65';
    bad.card.expMonth = 13;
    expect(messages(billingOverviewResponseSchema, bad)).toHaveLength(2);
  });

  it('plan changes, card updates and admin refunds', () => {
    expect(changePlanRequestSchema.parse({ planType: 'annual' })).toEqual({ planType: 'annual' });
    expect(messages(changePlanRequestSchema, { planType: 'weekly' })).toHaveLength(1);
    expect(
      paymentMethodSetupResponseSchema.parse({
        clientSecret: 'seti_1_secret',
        setupIntentId: 'seti_1',
      }),
    ).toEqual({ clientSecret: 'seti_1_secret', setupIntentId: 'seti_1' });
    expect(messages(adminRefundRequestSchema, { paymentId: 'pi_1' })).toEqual([
      'paymentId: Payment is required',
    ]);
  });
});
