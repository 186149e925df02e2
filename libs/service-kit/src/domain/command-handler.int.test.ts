import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitDatabase, SCHEMA } from '../events/fixtures.fixture.js';
import { createEventStore } from '../events/event-store.js';
import { manualClock } from './clock.js';
import { createCommandHandler } from './command-handler.js';
import { DomainError } from './errors.js';
import { ledger, snapshottedLedger } from './ledger.fixture.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
beforeAll(async () => {
  kit = await kitDatabase();
});
afterAll(() => kit?.close());

function handler(clock = manualClock('2026-05-01T12:00:00.000Z')) {
  const store = createEventStore({ runner: kit.runner, schema: SCHEMA, clock });
  return { store, clock, commands: createCommandHandler({ store, clock, newId: randomUUID }) };
}

describe('command handler (fold, decide, append at the stream version)', () => {
  it('appends what the decider decides, stamped with the one clock', async () => {
    const { store, clock, commands } = handler();
    const stream = `ledger-${randomUUID()}`;
    const result = await commands.handle(stream, ledger, { kind: 'deposit', ref: 'a', amount: 5 });
    expect(result.state).toEqual({ balance: 5, refs: ['a'] });
    const [event] = await store.readStream(stream);
    expect(event?.occurredAt).toBe(clock().toISOString());
    expect(event?.data).toMatchObject({ at: clock().toISOString() });
  });

  it('decides on the folded stream: a repeated command appends nothing', async () => {
    const { store, commands } = handler();
    const stream = `ledger-${randomUUID()}`;
    await commands.handle(stream, ledger, { kind: 'deposit', ref: 'a', amount: 5 });
    const again = await commands.handle(stream, ledger, { kind: 'deposit', ref: 'a', amount: 5 });
    expect(again.appended).toEqual([]);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('refuses with the domain error and appends nothing', async () => {
    const { store, commands } = handler();
    const stream = `ledger-${randomUUID()}`;
    await expect(commands.handle(stream, ledger, { kind: 'withdraw', amount: 1 })).rejects.toThrow(
      DomainError,
    );
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('20 concurrent commands on one stream: each decided on the current state (retried on conflict)', async () => {
    const { store, commands } = handler();
    const stream = `ledger-${randomUUID()}`;
    await commands.handle(stream, ledger, { kind: 'deposit', ref: 'seed', amount: 10 });
    // Only 10 withdrawals of 1 fit; a decision on a stale state would let more through.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        commands.handle(stream, ledger, { kind: 'withdraw', amount: 1 }, { maxAttempts: 50 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as DomainError).code)).toEqual(
      Array(10).fill('insufficient_balance'),
    );
    const { state } = await commands.load(stream, ledger);
    expect(state.balance).toBe(0);
    expect(await store.readStream(stream)).toHaveLength(11);
  });

  it('snapshots long streams, folds from them, and ignores a snapshot of another decider version', async () => {
    const { commands } = handler();
    const stream = `ledger-${randomUUID()}`;
    for (const ref of ['a', 'b', 'c', 'd']) {
      await commands.handle(stream, snapshottedLedger, { kind: 'deposit', ref, amount: 1 });
    }
    const { rows } = await kit.pool.query(
      'SELECT stream_version, state FROM snapshots WHERE stream_id = $1',
      [stream],
    );
    expect(rows).toEqual([{ stream_version: 3, state: { balance: 3, refs: ['a', 'b', 'c'] } }]);

    // A snapshot is only a cache: a wrong one of the current version would be believed...
    await kit.pool.query(
      `UPDATE snapshots SET state = '{"balance":100,"refs":[]}' WHERE stream_id = $1`,
      [stream],
    );
    expect((await commands.load(stream, snapshottedLedger)).state.balance).toBe(101);
    // ...and one of another decider version is ignored: the state is folded from the events.
    const bumped = { ...snapshottedLedger, snapshot: { version: 2, every: 3 } };
    expect((await commands.load(stream, bumped)).state).toEqual({
      balance: 4,
      refs: ['a', 'b', 'c', 'd'],
    });
  });
});
