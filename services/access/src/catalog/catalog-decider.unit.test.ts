import type { CatalogProductSnapshot } from '@mia/contracts';
import { deciderSpec, seedCatalogProduct } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { catalogDecider, type CatalogCommand } from './catalog-decider.js';
import type { CatalogEvent } from './catalog-events.js';

const productId = 'apocalipsis';
const original = seedCatalogProduct(productId);
const moved: CatalogProductSnapshot = {
  ...original,
  destination: { kind: 'custom-gpt', url: 'https://chatgpt.com/g/g-new-apocalipsis' },
};
const T1 = '2026-11-26T09:00:00.000Z';
const T2 = '2026-11-26T10:00:00.000Z';
const T3 = '2026-11-26T11:00:00.000Z';

const published = (product: CatalogProductSnapshot, at: string): CatalogCommand => ({
  kind: 'observe',
  productId,
  product,
  status: 'published',
  at,
});
const changed = (
  product: CatalogProductSnapshot,
  status: 'published' | 'retired',
  at: string,
): CatalogCommand => ({ kind: 'observe', productId, product, status, at });
const retired = (at: string): CatalogCommand => ({
  kind: 'observe',
  productId,
  status: 'retired',
  at,
});

const recorded = (
  product: CatalogProductSnapshot | null,
  productAt: string | null,
  status: 'published' | 'retired' | null,
  statusAt: string | null,
): CatalogEvent => ({
  type: 'CatalogProductRecorded',
  data: { productId, product, productAt, status, statusAt },
});

describe('catalogue decider', () => {
  const spec = deciderSpec(catalogDecider);

  it('records a published product whole', () => {
    spec
      .given([])
      .when(published(original, T1))
      .then([recorded(original, T1, 'published', T1)]);
  });

  it('takes a change (a new destination) and a retirement, keeping the last snapshot', () => {
    spec
      .given([recorded(original, T1, 'published', T1)])
      .when(changed(moved, 'published', T2))
      .then([recorded(moved, T2, 'published', T2)]);
    spec
      .given([recorded(moved, T2, 'published', T2)])
      .when(retired(T3))
      .then([recorded(moved, T2, 'retired', T3)]);
  });

  it('decides nothing for a redelivered event', () => {
    spec
      .given([recorded(original, T1, 'published', T1)])
      .when(published(original, T1))
      .thenNothing();
  });

  it('never lets an older event undo a newer one', () => {
    spec
      .given([recorded(moved, T2, 'retired', T3)])
      .when(published(original, T1))
      .thenNothing();
  });

  it('keeps a retirement read before its product, which then arrives retired', () => {
    spec
      .given([])
      .when(retired(T2))
      .then([recorded(null, null, 'retired', T2)]);
    spec
      .given([recorded(null, null, 'retired', T2)])
      .when(published(original, T1))
      .then([recorded(original, T1, 'retired', T2)]);
  });

  it('publishes a retired product again when billing does', () => {
    spec
      .given([recorded(original, T1, 'retired', T2)])
      .when(published(original, T3))
      .thenEvents((events, after) => {
        expect(events).toHaveLength(1);
        expect(after.status).toBe('published');
      });
  });
});
