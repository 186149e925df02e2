import type { PaymentSucceededV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { paymentDecider, type CheckoutTerms, type PaymentCommand } from './payment-decider.js';
import type { PaymentEvent } from './payment-events.js';

const paymentId = '00000000-0000-4000-8000-0000000000d1';
const userId = '00000000-0000-4000-8000-0000000000aa';

const terms: CheckoutTerms = {
  paymentId,
  userId,
  purpose: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  discountCents: 0,
  description: 'Manual de Ceremonias Ministeriales',
};
const startedAt = (changes: Partial<CheckoutTerms> = {}): PaymentEvent => ({
  type: 'PaymentStarted',
  data: { ...terms, discountCents: 0, ...changes },
});
const paidWith = (amountCents: number, currency = 'usd'): PaymentSucceededV1Data => ({
  paymentId,
  userId,
  purpose: terms.purpose,
  amountCents,
  currency,
  provider: 'sandbox',
  providerPaymentId: 'pi_1',
  description: terms.description,
  paidAt: '2026-03-01T10:00:00.000Z',
  cardLast4: '4242',
  cardBrand: 'visa',
});
/** What billing announces: the provider's report plus the start's discount (none here). */
const announced = (
  data: PaymentSucceededV1Data,
  discountCents = 0,
  promotionCode: string | null = null,
) => ({
  type: 'PaymentSucceeded' as const,
  data: { ...data, discountCents, promotionCode },
});
const succeed = (amountCents: number, currency = 'usd'): PaymentCommand => ({
  kind: 'succeed',
  payment: paidWith(amountCents, currency),
  receiptUrl: null,
});
const mismatched = (
  expectedCents: number,
  paidCents: number,
  paidCurrency = 'usd',
): PaymentEvent => ({
  type: 'PaymentMismatched',
  data: {
    paymentId,
    userId,
    purpose: terms.purpose,
    expectedCents,
    expectedCurrency: 'usd',
    paidCents,
    paidCurrency,
    provider: 'sandbox',
    providerPaymentId: 'pi_1',
    description: terms.description,
    paidAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('the amount charged is the amount started', () => {
  const spec = deciderSpec(paymentDecider);

  it('a checkout fixes its price and discount when it starts, once', () => {
    const started = spec
      .given([])
      .when({ kind: 'start', ...terms })
      .then([startedAt()]);
    spec
      .given(started)
      .when({ kind: 'start', ...terms, amountCents: 1299 })
      .thenNothing();
  });

  it('given the started amount, when the provider reports it paid, it succeeds', () => {
    spec
      .given([startedAt()])
      .when(succeed(999))
      .then([announced(paidWith(999))]);
  });

  it('given 9.99 started, when the PaymentIntent was changed to 0.50 and paid: PaymentMismatched, no success, once', () => {
    const events = spec
      .given([startedAt()])
      .when(succeed(50))
      .then([mismatched(999, 50)]);
    // The webhook reports the same payment again: already under review.
    spec
      .given([startedAt(), ...events])
      .when(succeed(50))
      .thenNothing();
  });

  it('given the right amount in another currency, it is mismatched too', () => {
    spec
      .given([startedAt()])
      .when(succeed(999, 'eur'))
      .then([mismatched(999, 999, 'eur')]);
  });

  it('checks the amount net of the discount fixed at the start', () => {
    const discounted = startedAt({ discountCents: 200, promotionCode: 'PASTOR2' });
    spec
      .given([discounted])
      .when(succeed(799))
      .then([announced(paidWith(799), 200, 'PASTOR2')]);
    spec
      .given([discounted])
      .when(succeed(999))
      .then([mismatched(799, 999)]);
  });

  it('a checkout resumed after the price changed starts again, and the latest start is the one checked', () => {
    spec
      .given([startedAt()])
      .when({ kind: 'reprice', ...terms })
      .thenNothing();
    const restarted = spec
      .given([startedAt()])
      .when({ kind: 'reprice', ...terms, amountCents: 1299 })
      .then([startedAt({ amountCents: 1299 })]);
    const history = [startedAt(), ...restarted];
    spec
      .given(history)
      .when(succeed(999))
      .then([mismatched(1299, 999)]);
    spec
      .given(history)
      .when(succeed(1299))
      .then([announced(paidWith(1299))]);
  });

  it('never starts again a payment already paid or under review', () => {
    const reprice: PaymentCommand = { kind: 'reprice', ...terms, amountCents: 1299 };
    spec
      .given([startedAt(), { type: 'PaymentSucceeded', data: paidWith(999) }])
      .when(reprice)
      .thenNothing();
    spec
      .given([startedAt(), mismatched(999, 50)])
      .when(reprice)
      .thenNothing();
  });

  it('plan invoices (no checkout start) are not checked here', () => {
    const invoice = {
      ...paidWith(2000),
      purpose: {
        kind: 'subscription' as const,
        subscriptionId: '00000000-0000-4000-8000-0000000000e1',
        plan: 'monthly' as const,
      },
    };
    spec
      .given([])
      .when({ kind: 'succeed', payment: invoice, receiptUrl: null })
      .then([announced(invoice)]);
  });
});
