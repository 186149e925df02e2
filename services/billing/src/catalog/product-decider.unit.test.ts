import type { CatalogProductSnapshot } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import type { ProductEvent } from './catalog-events.js';
import { productDecider } from './product-decider.js';

const now = '2026-11-25T12:00:00.000Z';
const product: CatalogProductSnapshot = {
  productId: 'guia-de-oracion',
  name: { es: 'Guía de Oración', en: 'Prayer Guide' },
  description: { es: 'Oraciones para cada ocasión.', en: 'Prayers for every occasion.' },
  features: { es: ['a', 'b', 'c', 'd'], en: ['a', 'b', 'c', 'd'] },
  examplePrompts: { es: ['Una oración por los enfermos'], en: [] },
  priceCents: 1499,
  currency: 'usd',
  image: '/products/default.svg',
  popular: false,
  position: 14,
  destination: { kind: 'custom-gpt', url: 'https://chatgpt.com/g/g-oracion' },
};
const drafted: ProductEvent = { type: 'ProductDrafted', data: { product, at: now } };
const published: ProductEvent = {
  type: 'ProductPublished',
  data: { product, publishedAt: now },
};
const retired: ProductEvent = {
  type: 'ProductRetired',
  data: { productId: product.productId, retiredAt: now },
};
const create = { kind: 'create', product, allowHttp: false } as const;
const edit = (changes: object, allowHttp = false) =>
  ({ kind: 'edit', productId: product.productId, changes, allowHttp }) as const;

describe('product decider', () => {
  const spec = deciderSpec(productDecider, { now });

  it('creates a draft, seen only inside billing', () => {
    spec.given([]).when(create).then([drafted]);
  });

  it('refuses a second product with the same id (409)', () => {
    spec
      .given([drafted])
      .when(create)
      .thenRefused({ kind: 'conflict', code: 'product_exists', message: /Ya existe/ });
  });

  it('checks the price range, the four features and the destination with field details', () => {
    const error = spec
      .given([])
      .when({
        ...create,
        product: {
          ...product,
          priceCents: 49,
          features: { es: ['a'], en: ['a', 'b', 'c', 'd'] },
          destination: { kind: 'custom-gpt', url: 'http://example.com/gpt' },
        },
      })
      .thenRefused({ kind: 'invalid', code: 'validation_error' });
    expect((error.details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'destinationUrl',
      'features.es',
      'priceCents',
    ]);
    spec
      .given([])
      .when({ ...create, product: { ...product, priceCents: 99_901 } })
      .thenRefused({ kind: 'invalid' });
  });

  it('takes only images on our own origin', () => {
    for (const image of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      'javascript:alert(1)',
    ]) {
      spec
        .given([])
        .when({ ...create, product: { ...product, image } })
        .thenRefused({ kind: 'invalid', message: /Image must be/ });
    }
    const uploaded = `/api/catalog/images/${'a'.repeat(64)}.webp`;
    spec
      .given([drafted])
      .when(edit({ image: uploaded }))
      .then([
        { type: 'ProductDraftEdited', data: { product: { ...product, image: uploaded }, at: now } },
      ]);
  });

  it('allows an http destination only when told it runs in development', () => {
    const local = { kind: 'custom-gpt' as const, url: 'http://localhost:8080/gpt' };
    spec
      .given([])
      .when({ ...create, product: { ...product, destination: local }, allowHttp: true })
      .then([
        { type: 'ProductDrafted', data: { product: { ...product, destination: local }, at: now } },
      ]);
  });

  it('an edit of a draft stays a draft edit; of a published product it is ProductChanged', () => {
    const renamed = { ...product, priceCents: 999 };
    spec
      .given([drafted])
      .when(edit({ priceCents: 999 }))
      .then([{ type: 'ProductDraftEdited', data: { product: renamed, at: now } }]);
    spec
      .given([drafted, published])
      .when(edit({ priceCents: 999 }))
      .then([
        {
          type: 'ProductChanged',
          data: { product: renamed, status: 'published', changedAt: now },
        },
      ]);
  });

  it('a destination edit keeps the kind and travels in the whole snapshot, retired included', () => {
    const url = 'https://chatgpt.com/g/g-nuevo';
    spec
      .given([drafted, published, retired])
      .when(edit({ destinationUrl: url }))
      .then([
        {
          type: 'ProductChanged',
          data: {
            product: { ...product, destination: { kind: 'custom-gpt', url } },
            status: 'retired',
            changedAt: now,
          },
        },
      ]);
  });

  it('an edit is checked as a whole: a bad price is refused', () => {
    spec
      .given([drafted])
      .when(edit({ priceCents: 10 }))
      .thenRefused({ kind: 'invalid' });
  });

  it('publishes a draft, and again after a retirement; not twice in a row', () => {
    spec.given([drafted]).when({ kind: 'publish', productId: product.productId }).then([published]);
    spec
      .given([drafted, published, retired])
      .when({ kind: 'publish', productId: product.productId })
      .then([published]);
    spec
      .given([drafted, published])
      .when({ kind: 'publish', productId: product.productId })
      .thenRefused({ kind: 'conflict', code: 'product_already_published' });
  });

  it('retires a published product only', () => {
    spec
      .given([drafted, published])
      .when({ kind: 'retire', productId: product.productId })
      .then([retired]);
    for (const history of [[drafted], [drafted, published, retired]]) {
      spec
        .given(history)
        .when({ kind: 'retire', productId: product.productId })
        .thenRefused({ kind: 'conflict', code: 'product_not_published' });
    }
  });

  it('an unknown product is a 404 for every change', () => {
    for (const command of [
      edit({ priceCents: 999 }),
      { kind: 'publish', productId: 'nadie' } as const,
      { kind: 'retire', productId: 'nadie' } as const,
    ]) {
      spec.given([]).when(command).thenRefused({ kind: 'not_found', code: 'product_not_found' });
    }
  });

  it('the seed publishes a product once and leaves an existing one alone', () => {
    spec.given([]).when({ kind: 'seed', product }).then([published]);
    spec.given([drafted]).when({ kind: 'seed', product }).thenNothing();
  });
});
