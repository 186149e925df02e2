import { readerOf, type Decider } from '@mia/service-kit';
import { catalogSeedEventDefinitions, type CatalogSeedEvent } from './catalog-events.js';

export interface SeedCommand {
  products: number;
  plans: number;
}

/**
 * The seed happens once in the catalogue's life. Its own stream is the lock: two replicas
 * starting at once both try to append version 1, one wins, the other decides again, finds the
 * seed done and does nothing (so nothing is published twice).
 */
export const catalogSeedDecider: Decider<SeedCommand, { seeded: boolean }, CatalogSeedEvent> = {
  name: 'billing-catalog-seed',
  initialState: () => ({ seeded: false }),
  evolve: () => ({ seeded: true }),
  decide(command, state, { now }) {
    if (state.seeded) return [];
    return [{ type: 'CatalogSeeded', data: { ...command, at: now.toISOString() } }];
  },
  read: readerOf<CatalogSeedEvent>(catalogSeedEventDefinitions),
};
