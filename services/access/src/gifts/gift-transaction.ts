import { ConcurrencyError, type EventStoreSession } from '@mia/service-kit';
import type { Access } from '../access.js';
import type { AccessTx } from '../db.js';

export type Session = EventStoreSession<AccessTx>;

const MAX_ATTEMPTS = 5;

/**
 * One transaction over the gift's stream and whatever else the step decides on (the recipient's
 * entitlements, the mail queue), decided again from the start when another writer appended to
 * one of its streams meanwhile: two claims of one gift never both succeed.
 */
export async function giftTransaction<T>(
  access: Pick<Access, 'events'>,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await access.events.transaction(work);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
