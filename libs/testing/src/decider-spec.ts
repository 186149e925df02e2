import assert from 'node:assert/strict';
import {
  DomainError,
  fold,
  type Decider,
  type DecisionContext,
  type DomainErrorKind,
  type DomainEvent,
} from '@mia/service-kit';
import { assertConsumersCanRead } from './consumer-contracts.js';

/** Ids that read well in test failures and are still uuids: `00000000-0000-4000-8000-000000000001`. */
export function sequentialIds(start = 1): () => string {
  let next = start;
  return () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;
}

export interface SpecOptions {
  /** The decision's time (default 2026-01-01T00:00:00Z). */
  now?: Date | string;
  newId?: () => string;
}

/** What a refused command must look like: its kind and/or code, or any DomainError. */
export type ExpectedRefusal = { kind?: DomainErrorKind; code?: string; message?: string | RegExp };

/**
 * Given/when/then over a decider, with no database: given these events (the stream so far),
 * when this command, then these events, this refusal, or nothing. The events it produces are
 * also checked against every consumer's declaration of what it reads.
 *
 *   spec(userDecider).given([registered]).when(login).then([sessionStarted]);
 */
export function deciderSpec<C, S, E extends DomainEvent>(
  decider: Decider<C, S, E>,
  options: SpecOptions = {},
) {
  const context = (): DecisionContext => ({
    now: new Date(options.now ?? '2026-01-01T00:00:00.000Z'),
    newId: options.newId ?? sequentialIds(),
  });
  return {
    given(history: readonly E[]) {
      const state = fold(decider, history);
      return {
        /** The state the history folds to, for assertions on `evolve`. */
        state,
        when(command: C, at?: Date | string) {
          const ctx = at ? { ...context(), now: new Date(at) } : context();
          // Every event a spec produces is one the service can emit: each consumer that
          // declares it reads it must be able to (see consumer-contracts.ts).
          const run = () => {
            const events = decider.decide(command, state, ctx);
            assertConsumersCanRead(
              events.map((e) => ({ type: e.type, version: decider.versionOf?.(e), data: e.data })),
            );
            return events;
          };
          return {
            then(expected: readonly E[]): readonly E[] {
              const events = run();
              assert.deepStrictEqual(events, expected);
              return events;
            },
            /** For events with generated parts: check them with your own assertions. */
            thenEvents(check: (events: readonly E[], after: S) => void): void {
              const events = run();
              check(events, fold(decider, events, state));
            },
            thenNothing(): void {
              assert.deepStrictEqual(run(), [], 'expected the command to change nothing');
            },
            thenRefused(expected: ExpectedRefusal = {}): DomainError {
              let error: unknown;
              try {
                const events = run();
                assert.fail(`expected a refusal, got ${JSON.stringify(events)}`);
              } catch (err) {
                error = err;
              }
              if (!(error instanceof DomainError)) throw error;
              if (expected.kind) assert.equal(error.kind, expected.kind);
              if (expected.code) assert.equal(error.code, expected.code);
              if (typeof expected.message === 'string')
                assert.equal(error.message, expected.message);
              else if (expected.message) assert.match(error.message, expected.message);
              return error;
            },
          };
        },
      };
    },
  };
}
