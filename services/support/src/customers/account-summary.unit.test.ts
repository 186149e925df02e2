import { describe, expect, it } from 'vitest';
import {
  summarizeAccount,
  type AccountFacts,
  type GrantFact,
  type PaymentFact,
  type SubscriptionFact,
} from './account-summary.js';
import { describeAccount } from './describe-account.js';

const now = new Date('2026-05-10T12:00:00.000Z');
const at = (iso: string) => new Date(iso);
const empty: AccountFacts = {
  name: 'Ana',
  grants: [],
  payments: [],
  subscriptions: [],
  trials: [],
  tickets: [],
};
const grant = (o: Partial<GrantFact>): GrantFact => ({
  grantId: 'g1',
  scope: 'all',
  sourceKind: 'subscription',
  sourceRef: 's1',
  validFrom: at('2026-04-10T00:00:00.000Z'),
  validUntil: at('2026-06-10T00:00:00.000Z'),
  state: 'active',
  revokeReason: null,
  updatedAt: at('2026-04-10T00:00:00.000Z'),
  ...o,
});
const subscription = (o: Partial<SubscriptionFact>): SubscriptionFact => ({
  subscriptionId: 's1',
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: at('2026-06-10T00:00:00.000Z'),
  endedAt: null,
  endReason: null,
  updatedAt: at('2026-04-10T00:00:00.000Z'),
  ...o,
});
const subscriptionPayment = (o: Partial<PaymentFact> = {}): PaymentFact => ({
  paymentId: 'p1',
  purposeKind: 'subscription',
  productId: null,
  plan: 'monthly',
  amountCents: 2000,
  currency: 'usd',
  description: null,
  paidAt: at('2026-04-10T00:00:00.000Z'),
  failedAt: null,
  failureCode: null,
  failureMessage: null,
  refundedCents: 0,
  fullyRefunded: false,
  refundedAt: null,
  disputeStatus: null,
  updatedAt: at('2026-04-10T00:00:00.000Z'),
  ...o,
});

describe('account summary', () => {
  it('an active subscription: every tool until the period end, no problem', () => {
    const summary = summarizeAccount(
      {
        ...empty,
        grants: [grant({})],
        subscriptions: [subscription({})],
        payments: [subscriptionPayment()],
      },
      now,
      'es',
    );
    expect(summary.usable).toBe('all');
    expect(summary.problems).toEqual([]);
    expect(describeAccount(summary, 'es')).toContain(
      'Tienes acceso a todas las herramientas (suscripción) hasta el 10 de junio de 2026.',
    );
    expect(summary.payments[0]).toMatchObject({
      description: 'Plan Mensual',
      amount: '20.00',
      currency: 'USD',
      status: 'succeeded',
    });
  });

  it('a subscription ended because renewals failed says so', () => {
    const summary = summarizeAccount(
      {
        ...empty,
        grants: [grant({ state: 'revoked', revokeReason: 'subscription_ended' })],
        subscriptions: [
          subscription({
            status: 'canceled',
            endedAt: at('2026-05-01T00:00:00.000Z'),
            endReason: 'payment_failed',
          }),
        ],
      },
      now,
      'en',
    );
    expect(summary.usable).toBe('none');
    expect(summary.problems).toEqual([
      { kind: 'subscription_ended', at: '2026-05-01T00:00:00.000Z', reason: 'payment_failed' },
    ]);
    expect(describeAccount(summary, 'en')).toContain('because the renewal could not be charged');
  });

  it('a suspended grant is a dispute; a period that simply ran out is an expiry', () => {
    const disputed = summarizeAccount(
      {
        ...empty,
        grants: [
          grant({
            scope: 'apocalipsis',
            sourceKind: 'purchase',
            validUntil: null,
            state: 'suspended',
          }),
        ],
      },
      now,
      'es',
    );
    expect(disputed.problems[0]).toMatchObject({ kind: 'disputed' });
    const lapsed = summarizeAccount(
      {
        ...empty,
        grants: [grant({ validUntil: at('2026-05-09T00:00:00.000Z') })],
        subscriptions: [subscription({ status: 'past_due' })],
      },
      now,
      'es',
    );
    expect(lapsed.problems[0]).toMatchObject({ kind: 'subscription_expired' });
  });

  it('a paid subscription with no grant yet is "paid, no access", first among problems', () => {
    const summary = summarizeAccount(
      {
        ...empty,
        payments: [subscriptionPayment()],
        subscriptions: [subscription({})],
        trials: [
          { startedAt: at('2026-04-01T00:00:00.000Z'), endsAt: at('2026-04-04T00:00:00.000Z') },
        ],
      },
      now,
      'es',
    );
    expect(summary.problems.map((p) => p.kind)).toEqual(['paid_no_access', 'trial_ended']);
  });

  it('lists open tickets, not closed or resolved ones', () => {
    const summary = summarizeAccount(
      {
        ...empty,
        tickets: [
          { ticketNumber: 1001, title: 'A', status: 'open', createdAt: now },
          { ticketNumber: 1002, title: 'B', status: 'closed', createdAt: now },
          { ticketNumber: 1003, title: 'C', status: 'on_hold', createdAt: now },
        ],
      },
      now,
      'es',
    );
    expect(summary.openTickets.map((t) => t.ticketNumber)).toEqual(['1001', '1003']);
  });
});
