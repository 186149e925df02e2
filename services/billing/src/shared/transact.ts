import {
  ConcurrencyError,
  type CommandResult,
  type Decider,
  type DomainEvent,
  type EventStoreSession,
} from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';

export type Session = EventStoreSession<BillingTx>;

/** Runs a command inside `session`'s transaction (several streams commit together). */
export function decideIn<C, S, E extends DomainEvent>(
  billing: Pick<Billing, 'commands'>,
  session: Session,
  streamId: string,
  decider: Decider<C, S, E>,
  command: C,
): Promise<CommandResult<S, E>> {
  return billing.commands.handleIn(session, streamId, decider, command);
}

/**
 * Retries `attempt` while another writer appended to one of its streams meanwhile: the whole
 * unit (every stream it decides on) is decided again on the new state.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, maxAttempts = 8): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || tries >= maxAttempts) throw error;
    }
  }
}

/** One transaction over several streams, decided again on a concurrency conflict. */
export function transact<T>(
  billing: Pick<Billing, 'events'>,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  return retryOnConflict(() => billing.events.transaction(work));
}
