import { ConcurrencyError, type EventStoreSession, type NewEvent } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { userStreamId } from '../events.js';
import type { User } from '../generated/prisma/client.js';

export interface Decision<T> {
  events: NewEvent[];
  result: T;
}

export class UserNotFoundError extends Error {
  override readonly name = 'UserNotFoundError';
}

/**
 * Runs one command on a user: reads the user's row (state + stream version) in a transaction,
 * lets `decide` choose the events, and appends them expecting that version. When another
 * command on the same user committed in between, the whole decision is made again on the new
 * state, so no decision rests on a state that is no longer current.
 */
export async function changeUser<T>(
  store: { transaction<R>(fn: (s: EventStoreSession<IdentityTx>) => Promise<R>): Promise<R> },
  userId: string,
  decide: (user: User, session: EventStoreSession<IdentityTx>) => Promise<Decision<T>>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.transaction(async (session) => {
        const user = await session.tx.user.findUnique({ where: { id: userId } });
        if (!user) throw new UserNotFoundError(`No user ${userId}`);
        const { events, result } = await decide(user, session);
        if (events.length > 0) await session.append(userStreamId(userId), user.version, events);
        return result;
      });
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= attempts) throw err;
    }
  }
}
