import type Stripe from 'stripe';
import type { PaymentSucceededV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { paymentDecider } from '../payments/payment-decider.js';
import {
  expectedPlanCharge,
  isPlanChargeMismatched,
  planInvoiceChargeOf,
  type PlanInvoiceCharge,
} from './plan-invoice-terms.js';
import {
  subscriptionDecider,
  type ProviderSubscriptionView,
  type SubscriptionCommand,
} from './subscription-decider.js';
import type { SubscriptionEvent } from './subscription-events.js';

// Issue 20 item 5: a plan invoice is checked against the plan's price before it pays a period.

const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-0000000000aa';
const paymentId = '00000000-0000-4000-8000-0000000000d1';
const MAY = '2026-05-01T00:00:00.000Z';
const JUNE = '2026-06-01T00:00:00.000Z';

const charge = (change: Partial<PlanInvoiceCharge> = {}): PlanInvoiceCharge => ({
  paidCents: 1999,
  paidCurrency: 'usd',
  billingReason: 'subscription_cycle',
  trial: false,
  priceCents: 1999,
  priceCurrency: 'usd',
  discountCents: 0,
  prorationCents: 0,
  balanceAppliedCents: 0,
  ...change,
});

describe('what a plan invoice must collect', () => {
  it('a period of the plan at its price matches; a cheaper price or another currency does not', () => {
    expect(isPlanChargeMismatched(charge())).toBe(false);
    expect(isPlanChargeMismatched(charge({ paidCents: 50 }))).toBe(true);
    expect(isPlanChargeMismatched(charge({ paidCurrency: 'eur' }))).toBe(true);
  });

  it('the discount fixed at purchase is taken off; proration of earlier changes is added', () => {
    expect(expectedPlanCharge(charge({ discountCents: 500 }))?.amountCents).toBe(1499);
    expect(isPlanChargeMismatched(charge({ paidCents: 2499, prorationCents: 500 }))).toBe(false);
  });

  it("the customer's credit from a downgrade lowers what the card pays; a debt raises it", () => {
    expect(isPlanChargeMismatched(charge({ paidCents: 1499, balanceAppliedCents: 500 }))).toBe(
      false,
    );
    expect(isPlanChargeMismatched(charge({ paidCents: 2299, balanceAppliedCents: -300 }))).toBe(
      false,
    );
    expect(isPlanChargeMismatched(charge({ paidCents: 1499 }))).toBe(true);
  });

  it("a plan change's proration invoice and a trial's invoice are legitimately different", () => {
    expect(expectedPlanCharge(charge({ billingReason: 'subscription_update' }))).toBeNull();
    expect(
      isPlanChargeMismatched(charge({ billingReason: 'subscription_update', paidCents: 7 })),
    ).toBe(false);
    expect(isPlanChargeMismatched(charge({ trial: true, paidCents: 0 }))).toBe(false);
  });
});

describe('the facts read from the provider', () => {
  const invoice = {
    amount_paid: 1500,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    starting_balance: 0,
    ending_balance: 0,
    lines: { data: [] },
  } as unknown as Stripe.Invoice;
  const onPrice = (price: Partial<Stripe.Price>) =>
    ({
      status: 'active',
      items: { data: [{ price: { currency: 'usd', lookup_key: null, ...price } }] },
    }) as unknown as Stripe.Subscription;

  it("a price billing created for the plan at an earlier amount is the subscription's price", () => {
    const old = onPrice({ unit_amount: 1500, lookup_key: 'mia_monthly_1500_usd' });
    expect(planInvoiceChargeOf(invoice, old, 'monthly', monthlyAtCatalogue)).toMatchObject({
      priceCents: 1500,
    });
  });

  it("a team plan's period costs its seats (the item's quantity) × the price; an invoice of prorations only is told apart", () => {
    const seated = {
      status: 'active',
      items: {
        data: [
          {
            quantity: 5,
            price: { currency: 'usd', unit_amount: 1500, lookup_key: 'mia_monthly_1500_usd' },
          },
        ],
      },
    } as unknown as Stripe.Subscription;
    expect(planInvoiceChargeOf(invoice, seated, 'monthly', monthlyAtCatalogue)).toMatchObject({
      priceCents: 7500,
      prorationOnly: false,
    });
    const proration = { subscription_item_details: { proration: true } };
    const seatsAdded = {
      ...invoice,
      billing_reason: 'subscription_update',
      lines: {
        data: [
          { amount: -4500, parent: proration },
          { amount: 7500, parent: proration },
        ],
      },
    } as unknown as Stripe.Invoice;
    expect(planInvoiceChargeOf(seatsAdded, seated, 'monthly', monthlyAtCatalogue)).toMatchObject({
      prorationCents: 3000,
      prorationOnly: true,
    });
  });

  it("an ad-hoc price set at the provider is held to the catalogue's price", () => {
    const adHoc = onPrice({ unit_amount: 1500 });
    expect(planInvoiceChargeOf(invoice, adHoc, 'monthly', monthlyAtCatalogue)).toMatchObject({
      priceCents: monthlyAtCatalogue.priceCents,
    });
  });
});

const monthlyAtCatalogue = { priceCents: 2000, currency: 'usd' };

const view = (change: Partial<ProviderSubscriptionView> = {}): ProviderSubscriptionView => ({
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: MAY,
  endedAt: null,
  endReason: 'other',
  ...change,
});
const paid = (
  invoiceId: string,
  provider: ProviderSubscriptionView,
  paidWith: PlanInvoiceCharge,
  firstInvoice = false,
): SubscriptionCommand => ({
  kind: 'invoice-paid',
  subscriptionId,
  userId,
  invoiceId,
  firstInvoice,
  provider,
  charge: paidWith,
});
const opened: SubscriptionEvent = {
  type: 'SubscriptionOpened',
  data: { subscriptionId, userId, plan: 'monthly' },
};
const activated: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: MAY },
};
const active: SubscriptionEvent[] = [
  opened,
  { type: 'SubscriptionInvoicePaid', data: { subscriptionId, invoiceId: 'in_1' } },
  activated,
];
const mismatched = (invoiceId: string, paidCents = 50): SubscriptionEvent => ({
  type: 'SubscriptionInvoiceMismatched',
  data: { subscriptionId, userId, invoiceId, expectedCents: 1999, paidCents, currency: 'usd' },
});
/** A personal plan's announcement: v2 with team null (ADR 0020; no v1 twin). */
const personalV2 = (event: SubscriptionEvent): SubscriptionEvent[] => [
  { ...event, data: { ...event.data, team: null } } as SubscriptionEvent,
];
const changedTo = (currentPeriodEnd: string): SubscriptionEvent[] =>
  personalV2({
    type: 'SubscriptionChanged',
    data: {
      subscriptionId,
      userId,
      plan: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd,
    },
  });

describe('subscription decider: a paid invoice of the wrong money', () => {
  const spec = deciderSpec(subscriptionDecider, { now: '2026-04-01T00:00:00.000Z' });

  it('given an active plan, when its renewal paid 0.50 instead of the price: no SubscriptionRenewed, once', () => {
    const later = view({ currentPeriodEnd: JUNE });
    // The provider's new end is noted as a change, which never extends access.
    const events = spec
      .given(active)
      .when(paid('in_2', later, charge({ paidCents: 50 })))
      .then([mismatched('in_2'), ...changedTo(JUNE)]);
    spec
      .given([...active, ...events])
      .when(paid('in_2', later, charge({ paidCents: 50 })))
      .thenNothing();
  });

  it('given a plan just opened, when its first invoice paid the wrong money: not activated, not even by a later "active" report', () => {
    const events = spec
      .given([opened])
      .when(
        paid('in_1', view(), charge({ paidCents: 50, billingReason: 'subscription_create' }), true),
      )
      .then([mismatched('in_1')]);
    spec
      .given([opened, ...events])
      .when({ kind: 'sync', subscriptionId, userId, provider: view() })
      .thenNothing();
    // The next invoice paying the price activates it.
    spec
      .given([opened, ...events])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE }), charge()))
      .then([
        { type: 'SubscriptionInvoicePaid', data: { subscriptionId, invoiceId: 'in_2' } },
        ...personalV2({
          type: 'SubscriptionActivated',
          data: { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: JUNE },
        }),
      ]);
  });

  it('given a plan change, when its proration invoice is paid: it is not a mismatch', () => {
    spec
      .given(active)
      .when(paid('in_2', view(), charge({ billingReason: 'subscription_update', paidCents: 812 })))
      .then([
        { type: 'SubscriptionInvoicePaid', data: { subscriptionId, invoiceId: 'in_2' } },
        ...personalV2({
          type: 'SubscriptionRenewed',
          data: { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: MAY },
        }),
      ]);
  });
});

describe('payment decider: a plan payment held to its subscription price', () => {
  const spec = deciderSpec(paymentDecider);
  const payment = (amountCents: number): PaymentSucceededV1Data => ({
    paymentId,
    userId,
    purpose: { kind: 'subscription', subscriptionId, plan: 'monthly' },
    amountCents,
    currency: 'usd',
    provider: 'sandbox',
    providerPaymentId: 'pi_1',
    description: 'Plan Mensual',
    paidAt: '2026-03-01T10:00:00.000Z',
    cardLast4: '4242',
    cardBrand: 'visa',
  });
  const expected = { amountCents: 1999, currency: 'usd' };

  it('given nothing, when a plan invoice paid 0.50 of 19.99: PaymentMismatched (listed for staff), no success', () => {
    const events = spec
      .given([])
      .when({ kind: 'succeed', payment: payment(50), receiptUrl: null, expected })
      .then([
        {
          type: 'PaymentMismatched',
          data: {
            paymentId,
            userId,
            purpose: payment(50).purpose,
            expectedCents: 1999,
            expectedCurrency: 'usd',
            paidCents: 50,
            paidCurrency: 'usd',
            provider: 'sandbox',
            providerPaymentId: 'pi_1',
            description: 'Plan Mensual',
            paidAt: '2026-03-01T10:00:00.000Z',
          },
        },
      ]);
    spec
      .given(events)
      .when({ kind: 'succeed', payment: payment(50), receiptUrl: null, expected })
      .thenNothing();
  });

  it('given nothing, when it paid the price (or nothing is expected, a proration): it succeeds', () => {
    spec
      .given([])
      .when({ kind: 'succeed', payment: payment(1999), receiptUrl: null, expected })
      .then([
        {
          type: 'PaymentSucceeded',
          data: { ...payment(1999), discountCents: 0, promotionCode: null },
        },
      ]);
    spec
      .given([])
      .when({ kind: 'succeed', payment: payment(812), receiptUrl: null, expected: null })
      .then([
        {
          type: 'PaymentSucceeded',
          data: { ...payment(812), discountCents: 0, promotionCode: null },
        },
      ]);
  });
});
