import { describe, expect, it } from 'vitest';
import { ProductCatalog, type CatalogProduct } from './product-catalog.js';

const product = (
  id: string,
  position: number,
  status: CatalogProduct['status'],
): CatalogProduct => ({
  id,
  name: { es: `Herramienta ${id}`, en: `Tool ${id}` },
  description: { es: 'Descripción', en: 'Description' },
  priceCents: 999,
  currency: 'usd',
  image: `/products/${id}.svg`,
  position,
  destination: { kind: 'custom-gpt', url: `https://chatgpt.com/g/g-${id}` },
  status,
});

describe('product catalogue (in memory)', () => {
  it('lists known products in page order, and only published ones as on sale', () => {
    const catalog = new ProductCatalog();
    catalog.replace([
      product('c', 2, 'published'),
      product('a', 0, 'retired'),
      product('b', 1, 'published'),
    ]);
    expect(catalog.all().map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(catalog.published().map((p) => p.id)).toEqual(['b', 'c']);
  });

  it('names a retired product, and an unknown one by its id', () => {
    const catalog = new ProductCatalog();
    catalog.replace([product('a', 0, 'retired')]);
    expect(catalog.nameOf('a', 'en')).toBe('Tool a');
    expect(catalog.nameOf('zz')).toBe('zz');
    expect(catalog.find('zz')).toBeUndefined();
  });

  it('is loaded only when told so (readiness waits for it)', () => {
    const catalog = new ProductCatalog();
    expect(catalog.loaded).toBe(false);
    catalog.markLoaded();
    expect(catalog.loaded).toBe(true);
  });
});
