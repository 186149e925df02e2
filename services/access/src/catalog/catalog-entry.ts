import type { CatalogProductSnapshot } from '@mia/contracts';

/** Whether a product is on sale; drafts never leave billing. */
export type CatalogStatus = 'published' | 'retired';

/**
 * What access knows of one product from billing's events: the newest snapshot and the newest
 * status, each with the instant billing decided it. They are kept apart because ProductRetired
 * carries no snapshot, and the two may arrive in either order.
 */
export interface CatalogEntry {
  product: CatalogProductSnapshot | null;
  productAt: string | null;
  status: CatalogStatus | null;
  statusAt: string | null;
}

/** One of billing's catalogue events, as the merge needs it. */
export interface CatalogObservation {
  /** ProductPublished / ProductChanged carry the whole product; ProductRetired does not. */
  product?: CatalogProductSnapshot;
  status: CatalogStatus;
  /** publishedAt / changedAt / retiredAt. */
  at: string;
}

export const emptyCatalogEntry = (): CatalogEntry => ({
  product: null,
  productAt: null,
  status: null,
  statusAt: null,
});

/** A field written at `at` replaces one written at `current` unless that one is newer. */
const takes = (at: string, current: string | null) =>
  current === null || Date.parse(at) >= Date.parse(current);

/**
 * The entry after one more event. Each field keeps the newest write (by billing's instants), so
 * the result is the same whatever order the events arrive in (redeliveries, two replicas, a
 * retirement read before the publication it follows) and a duplicate changes nothing.
 */
export function observeProduct(entry: CatalogEntry, event: CatalogObservation): CatalogEntry {
  const next = { ...entry };
  if (event.product && takes(event.at, entry.productAt)) {
    next.product = event.product;
    next.productAt = event.at;
  }
  if (takes(event.at, entry.statusAt)) {
    next.status = event.status;
    next.statusAt = event.at;
  }
  return next;
}

/** Whether two entries say the same (a redelivered event decides nothing). */
export const sameEntry = (a: CatalogEntry, b: CatalogEntry): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
