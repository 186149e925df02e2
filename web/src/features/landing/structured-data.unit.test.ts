import { products } from '@mia/catalog';
import { describe, expect, it } from 'vitest';
import { buildStructuredData, serializeJsonLd } from './structured-data';

describe('landing structured data', () => {
  it('lists every catalogue tool as an in-stock USD offer', () => {
    const data = buildStructuredData(products, 'es');
    const list = data['@graph'][1] as { itemListElement: { item: Record<string, unknown> }[] };
    expect(list.itemListElement).toHaveLength(products.length);
    for (const [index, { item }] of list.itemListElement.entries()) {
      expect(item).toMatchObject({
        '@type': 'Product',
        sku: products[index]!.id,
        name: products[index]!.name,
        offers: {
          price: '9.99',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      });
    }
  });

  it('uses the English names in English', () => {
    const data = buildStructuredData(products, 'en');
    const list = data['@graph'][1] as { itemListElement: { item: { name: string } }[] };
    expect(list.itemListElement[0]!.item.name).toBe(products[0]!.nameEn);
  });

  it('cannot close its <script> element early', () => {
    expect(serializeJsonLd({ text: '</script><script>alert(1)</script>' })).not.toContain('</');
  });
});
