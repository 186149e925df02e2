import { consumerDeclarations } from '@mia/testing';
import { expect, it } from 'vitest';

// Subscription events are appended as v2 only (with `team`, ADR 0020): a consumer that declared
// v1 again would never hear of a plan.
const TYPES = [
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionChanged',
  'SubscriptionEnded',
];

it('no consumer declares v1 of the subscription events (billing appends v2 only)', () => {
  const v1 = consumerDeclarations().filter((d) => TYPES.includes(d.event) && d.version === 1);
  expect(v1.map((d) => d.consumer)).toEqual([]);
  const v2 = consumerDeclarations().filter((d) => TYPES.includes(d.event) && d.version === 2);
  expect(v2.map((d) => `${d.consumer} ${d.event}`).sort()).toEqual([
    'access SubscriptionActivated',
    'access SubscriptionChanged',
    'access SubscriptionEnded',
    'access SubscriptionRenewed',
    'billing SubscriptionRenewed',
    'support SubscriptionActivated',
    'support SubscriptionChanged',
    'support SubscriptionEnded',
    'support SubscriptionRenewed',
  ]);
});
