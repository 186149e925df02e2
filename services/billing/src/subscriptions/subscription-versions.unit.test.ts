import { consumerDeclarations } from '@mia/testing';
import { expect, it } from 'vitest';

// Subscription events are appended as v2 (with `team`) and, for personal plans only, as a v1
// twin while some consumer declares v1 (ADR 0020). When this list empties, the decider's
// `announced` stops appending twins (and this test with it).
const TYPES = [
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionChanged',
  'SubscriptionEnded',
];

it('only access still declares v1 of the subscription events (billing and support read v2)', () => {
  const v1 = consumerDeclarations().filter((d) => TYPES.includes(d.event) && d.version === 1);
  expect([...new Set(v1.map((d) => d.consumer))]).toEqual(['access']);
  const v2 = consumerDeclarations().filter((d) => TYPES.includes(d.event) && d.version === 2);
  expect(v2.map((d) => `${d.consumer} ${d.event}`).sort()).toEqual([
    'billing SubscriptionRenewed',
    'support SubscriptionActivated',
    'support SubscriptionChanged',
    'support SubscriptionEnded',
    'support SubscriptionRenewed',
  ]);
});
