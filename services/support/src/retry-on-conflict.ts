import { setTimeout as sleep } from 'node:timers/promises';
import { ConcurrencyError } from '@mia/service-kit';

export interface RetryOptions {
  /** Attempts in all (default 5). */
  attempts?: number;
  /**
   * Upper bound of a random pause before each retry, growing with the attempt. Writers that
   * collided at once then come back apart instead of colliding again in lockstep (a burst of a
   * user's messages on their one chat stream).
   */
  jitterMs?: number;
}

/**
 * Runs a unit of work again when another writer appended to one of its streams first: the
 * whole decision is made again on the new state. The last ConcurrencyError is thrown.
 */
export async function retryOnConflict<T>(
  work: () => Promise<T>,
  { attempts = 5, jitterMs = 0 }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= attempts) throw err;
      if (jitterMs > 0) await sleep(Math.random() * jitterMs * attempt);
    }
  }
}
