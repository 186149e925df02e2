import { consumerDeclarations } from '@mia/testing';
import { expect, it } from 'vitest';

// Refund and dispute events were appended as v2 plus a v1 twin while some consumer declared v1
// (ADR 0016). Support moved to v2 and the decider stopped appending twins: a consumer that
// declared v1 again would never hear of a new refund or dispute.
it('no consumer declares v1 of the refund and dispute events (billing no longer appends it)', () => {
  for (const type of ['PaymentRefunded', 'PaymentDisputed', 'DisputeClosed']) {
    const readers = consumerDeclarations()
      .filter((d) => d.event === type && d.version === 1)
      .map((d) => d.consumer);
    expect(readers, `${type} v1 readers`).toEqual([]);
  }
});

it('access and support read v2 only', () => {
  const access = consumerDeclarations().filter(
    (d) =>
      ['access', 'support'].includes(d.consumer) &&
      ['PaymentRefunded', 'PaymentDisputed', 'DisputeClosed'].includes(d.event),
  );
  expect(access.map((d) => `${d.consumer} ${d.event}.v${d.version}`).sort()).toEqual([
    'access DisputeClosed.v2',
    'access PaymentDisputed.v2',
    'access PaymentRefunded.v2',
    'support DisputeClosed.v2',
    'support PaymentDisputed.v2',
    'support PaymentRefunded.v2',
  ]);
});

// PaymentSucceeded v2 carries the promotion code's discount (the payment history shows it);
// every consumer moved to it and billing appends v2 only.
it('no consumer declares PaymentSucceeded v1 (billing appends v2 only)', () => {
  const readers = consumerDeclarations().filter(
    (d) => d.event === 'PaymentSucceeded' && d.version === 1,
  );
  expect(readers.map((d) => d.consumer)).toEqual([]);
  const v2 = consumerDeclarations().filter((d) => d.event === 'PaymentSucceeded');
  expect(v2.map((d) => `${d.consumer} v${d.version}`).sort()).toEqual([
    'access v2',
    'billing v2',
    'support v2',
  ]);
});
