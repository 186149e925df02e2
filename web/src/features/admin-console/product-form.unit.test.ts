import type { AdminProduct } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkNewProduct,
  checkProductChange,
  emptyProductForm,
  productFormOf,
  type ProductFormState,
} from './product-form';

const PRICE = 'Type an amount';

const filled = (): ProductFormState => ({
  ...emptyProductForm(),
  id: 'sermones-pro',
  name: { es: 'Sermones Pro', en: 'Sermons Pro' },
  description: { es: 'Prepara sermones.', en: 'Prepare sermons.' },
  features: { es: ['a', 'b', 'c', 'd'], en: ['A', 'B', 'C', 'D'] },
  examplePrompts: { es: 'Uno\n\n  Dos  ', en: '' },
  price: '12.50',
  destinationUrl: 'https://chatgpt.com/g/g-sermones',
});

const product: AdminProduct = {
  id: 'apocalipsis',
  name: { es: 'Apocalipsis', en: 'Revelation' },
  description: { es: 'Estudio.', en: 'Study.' },
  features: { es: ['a', 'b', 'c', 'd'], en: ['A', 'B', 'C', 'D'] },
  examplePrompts: { es: ['Uno'], en: ['One'] },
  priceCents: 999,
  currency: 'USD',
  image: '/products/apocalipsis.svg',
  popular: true,
  status: 'published',
  destinationUrl: 'https://chatgpt.com/g/g-apocalipsis',
  position: 1,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('a new product', () => {
  it('becomes the API request: cents, one prompt a line, no image for the default art', () => {
    const result = checkNewProduct(filled(), PRICE);
    expect(result).toEqual({
      ok: true,
      request: {
        id: 'sermones-pro',
        name: { es: 'Sermones Pro', en: 'Sermons Pro' },
        description: { es: 'Prepara sermones.', en: 'Prepare sermons.' },
        features: { es: ['a', 'b', 'c', 'd'], en: ['A', 'B', 'C', 'D'] },
        examplePrompts: { es: ['Uno', 'Dos'], en: [] },
        priceCents: 1250,
        destinationUrl: 'https://chatgpt.com/g/g-sermones',
        popular: false,
      },
    });
  });

  it('names every field in error with the API’s paths, so each message sits by its field', () => {
    const form = filled();
    form.id = 'No Vale';
    form.name.en = ' ';
    form.features.es[2] = '';
    form.destinationUrl = 'chatgpt.com';
    const result = checkNewProduct(form, PRICE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'destinationUrl',
      'features.es.2',
      'id',
      'name.en',
    ]);
  });

  it('says a price that is not an amount in its own words, and one out of range in the API’s', () => {
    const notAmount = checkNewProduct({ ...filled(), price: 'doce' }, PRICE);
    expect(notAmount).toEqual({ ok: false, errors: { priceCents: PRICE } });
    const tooLow = checkNewProduct({ ...filled(), price: '0.20' }, PRICE);
    expect(tooLow).toEqual({
      ok: false,
      errors: { priceCents: 'Price must be at least 0.50 USD' },
    });
  });
});

describe('a change to a product', () => {
  it('sends only what changed', () => {
    const initial = productFormOf(product);
    const form = { ...initial, price: '14.99', name: { ...initial.name, en: 'The Revelation' } };
    expect(checkProductChange(initial, form, PRICE)).toEqual({
      ok: true,
      request: { priceCents: 1499, name: { es: 'Apocalipsis', en: 'The Revelation' } },
    });
  });

  it('sends nothing when nothing changed', () => {
    const initial = productFormOf(product);
    expect(checkProductChange(initial, { ...initial }, PRICE)).toEqual({ ok: true, request: null });
  });

  it('still checks the whole form', () => {
    const initial = productFormOf(product);
    const result = checkProductChange(initial, { ...initial, destinationUrl: 'nope' }, PRICE);
    expect(result.ok).toBe(false);
  });
});
