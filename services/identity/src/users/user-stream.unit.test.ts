import { ConcurrencyError, type EventStoreSession, type NewEvent } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import type { IdentityTx } from '../db.js';
import type { User } from '../generated/prisma/client.js';
import { changeUser, UserNotFoundError } from './user-stream.js';

const user = (version: number, passwordHash = 'h1'): User => ({
  id: 'u-1',
  email: 'ana@x.org',
  username: 'ana',
  name: 'Ana',
  role: 'user',
  passwordHash,
  version,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** A store whose user row changes under the first transaction, as a concurrent command would. */
function racingStore(rows: (User | null)[]) {
  const appends: { stream: string; expected: unknown; events: readonly NewEvent[] }[] = [];
  let call = 0;
  return {
    appends,
    async transaction<R>(fn: (s: EventStoreSession<IdentityTx>) => Promise<R>): Promise<R> {
      const row = rows[Math.min(call, rows.length - 1)] ?? null;
      const concurrent = call === 0 && rows.length > 1;
      call++;
      const session = {
        tx: { user: { findUnique: async () => row } },
        async append(stream: string, expected: unknown, events: readonly NewEvent[]) {
          if (concurrent)
            throw new ConcurrencyError(stream, expected as number, (expected as number) + 1);
          appends.push({ stream, expected, events });
          return [];
        },
      } as unknown as EventStoreSession<IdentityTx>;
      return fn(session);
    },
  };
}

const event: NewEvent = { type: 'Something', data: {} };

describe('changeUser', () => {
  it('appends to the user stream expecting the version the decision was made on', async () => {
    const store = racingStore([user(4)]);
    const result = await changeUser(store, 'u-1', async (u) => ({
      events: [event],
      result: u.version,
    }));
    expect(result).toBe(4);
    expect(store.appends).toEqual([{ stream: 'user-u-1', expected: 4, events: [event] }]);
  });

  it('decides again on the new state when another command committed in between', async () => {
    const store = racingStore([user(4, 'h1'), user(5, 'h2')]);
    const seen: string[] = [];
    await changeUser(store, 'u-1', async (u) => {
      seen.push(u.passwordHash!);
      return { events: [event], result: undefined };
    });
    expect(seen).toEqual(['h1', 'h2']);
    expect(store.appends).toEqual([{ stream: 'user-u-1', expected: 5, events: [event] }]);
  });

  it('appends nothing when the decision is "no change"', async () => {
    const store = racingStore([user(1)]);
    await changeUser(store, 'u-1', async () => ({ events: [], result: undefined }));
    expect(store.appends).toEqual([]);
  });

  it('says so when the user does not exist', async () => {
    await expect(
      changeUser(racingStore([null]), 'u-1', async () => ({ events: [], result: 1 })),
    ).rejects.toBeInstanceOf(UserNotFoundError);
  });
});
