import { deciderSpec, sequentialIds } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { ledger, type LedgerEvent } from './ledger.fixture.js';

const deposited = (ref: string, amount: number, at = '2026-01-01T00:00:00.000Z'): LedgerEvent => ({
  type: 'LedgerDeposited',
  data: { ref, amount, at },
});

describe('deciderSpec (given / when / then)', () => {
  const spec = deciderSpec(ledger, { now: '2026-03-01T10:00:00.000Z', newId: sequentialIds(7) });

  it('then: the events a command produces, stamped with the injected clock', () => {
    spec
      .given([])
      .when({ kind: 'deposit', ref: 'a', amount: 5 })
      .then([deposited('a', 5, '2026-03-01T10:00:00.000Z')]);
  });

  it('thenNothing: a repeated command changes nothing', () => {
    spec
      .given([deposited('a', 5)])
      .when({ kind: 'deposit', ref: 'a', amount: 5 })
      .thenNothing();
  });

  it('thenRefused: the rule refuses with a domain error', () => {
    spec
      .given([deposited('a', 5)])
      .when({ kind: 'withdraw', amount: 6 })
      .thenRefused({ kind: 'conflict', code: 'insufficient_balance' });
  });

  it('uses the injected ids', () => {
    spec
      .given([deposited('a', 5)])
      .when({ kind: 'withdraw', amount: 2 })
      .then([
        {
          type: 'LedgerWithdrawn',
          data: { id: '00000000-0000-4000-8000-000000000007', amount: 2 },
        },
      ]);
  });

  it('fails when the events differ (the helper can fail)', () => {
    expect(() =>
      spec
        .given([])
        .when({ kind: 'deposit', ref: 'a', amount: 5 })
        .then([deposited('a', 6)]),
    ).toThrow();
    expect(() => spec.given([]).when({ kind: 'withdraw', amount: 1 }).thenNothing()).toThrow();
    expect(() =>
      spec
        .given([deposited('a', 5)])
        .when({ kind: 'withdraw', amount: 1 })
        .thenRefused(),
    ).toThrow(/expected a refusal/);
  });
});
