import { readerOf, type Decider } from '@mia/service-kit';
import {
  emptyCatalogEntry,
  observeProduct,
  sameEntry,
  type CatalogEntry,
  type CatalogObservation,
} from './catalog-entry.js';
import { CatalogProductRecorded, type CatalogEvent } from './catalog-events.js';

export type CatalogCommand = { kind: 'observe'; productId: string } & CatalogObservation;

/**
 * What access knows of one product. Billing's events carry whole snapshots: each one is merged
 * by its instant (catalog-entry.ts) and recorded only when it changes what access knows.
 */
export const catalogDecider: Decider<CatalogCommand, CatalogEntry, CatalogEvent> = {
  name: 'catalog',
  initialState: emptyCatalogEntry,
  evolve(_state, event) {
    const { productId: _id, ...entry } = event.data;
    return entry;
  },
  decide(command, state) {
    const next = observeProduct(state, command);
    if (sameEntry(next, state)) return [];
    return [{ type: 'CatalogProductRecorded', data: { productId: command.productId, ...next } }];
  },
  read: readerOf<CatalogEvent>([CatalogProductRecorded]),
};
