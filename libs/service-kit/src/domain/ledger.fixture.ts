// A small decider for the kit's own tests: a ledger that takes deposits once per reference and
// refuses withdrawals beyond its balance. (Fixture: no tests here, excluded from the build.)
import { z } from 'zod';
import type { Decider } from './decider.js';
import { defineDomainEvent, readerOf, type EventOf } from './domain-events.js';
import { DomainError } from './errors.js';

export const Deposited = defineDomainEvent(
  'LedgerDeposited',
  z.object({ ref: z.string(), amount: z.number().int().positive(), at: z.string() }),
);
export const Withdrawn = defineDomainEvent(
  'LedgerWithdrawn',
  z.object({ id: z.string(), amount: z.number().int().positive() }),
);
export type LedgerEvent = EventOf<typeof Deposited> | EventOf<typeof Withdrawn>;

export type LedgerCommand =
  { kind: 'deposit'; ref: string; amount: number } | { kind: 'withdraw'; amount: number };

export interface LedgerState {
  balance: number;
  refs: string[];
}

export const ledger: Decider<LedgerCommand, LedgerState, LedgerEvent> = {
  name: 'ledger',
  initialState: () => ({ balance: 0, refs: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'LedgerDeposited':
        return {
          balance: state.balance + event.data.amount,
          refs: [...state.refs, event.data.ref],
        };
      case 'LedgerWithdrawn':
        return { ...state, balance: state.balance - event.data.amount };
    }
  },
  decide(command, state, { now, newId }) {
    switch (command.kind) {
      case 'deposit':
        if (state.refs.includes(command.ref)) return [];
        return [
          {
            type: 'LedgerDeposited',
            data: { ref: command.ref, amount: command.amount, at: now.toISOString() },
          },
        ];
      case 'withdraw':
        if (command.amount > state.balance) {
          throw new DomainError('conflict', 'insufficient_balance', 'Not enough in the ledger');
        }
        return [{ type: 'LedgerWithdrawn', data: { id: newId(), amount: command.amount } }];
    }
  },
  read: readerOf<LedgerEvent>([Deposited, Withdrawn]),
};

export const snapshottedLedger: typeof ledger = {
  ...ledger,
  name: 'ledger-snapshotted',
  snapshot: { version: 1, every: 3 },
};
