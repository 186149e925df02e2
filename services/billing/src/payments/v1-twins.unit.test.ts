import { consumerDeclarations } from '@mia/testing';
import { expect, it } from 'vitest';

// Refund and dispute events are appended as v2 plus a v1 twin (payment-decider.ts) only while
// some consumer still declares v1. When this fails, no one reads v1 any more: stop appending the
// twins (refunded/disputed/closed in payment-decider.ts) and remove v1 from the registry.
it('v1 of the refund and dispute events is still declared by a consumer', () => {
  for (const type of ['PaymentRefunded', 'PaymentDisputed', 'DisputeClosed']) {
    const readers = consumerDeclarations()
      .filter((d) => d.event === type && d.version === 1)
      .map((d) => d.consumer);
    expect(readers, `${type} v1 readers`).not.toEqual([]);
  }
});

it('access reads v2 only', () => {
  const access = consumerDeclarations().filter(
    (d) =>
      d.consumer === 'access' &&
      ['PaymentRefunded', 'PaymentDisputed', 'DisputeClosed'].includes(d.event),
  );
  expect(access.map((d) => `${d.event}.v${d.version}`).sort()).toEqual([
    'DisputeClosed.v2',
    'PaymentDisputed.v2',
    'PaymentRefunded.v2',
  ]);
});
