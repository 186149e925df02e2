import { describe, expect, it } from 'vitest';
import {
  accessPageProducts,
  annualPlan,
  centsToAmountString,
  centsToDollars,
  findPlan,
  findPlanByPriceId,
  findProduct,
  formatUsd,
  isProductId,
  localizeProduct,
  monthlyEquivalentCents,
  monthlyPlan,
  priceIdFor,
  productIdSchema,
  products,
} from './index.js';

// Complements catalog.unit.test.ts: the lookups and conversions other packages rely on.
describe('plan helpers', () => {
  it('computes the monthly equivalent of each plan', () => {
    expect(monthlyEquivalentCents(monthlyPlan)).toBe(2000);
    expect(monthlyEquivalentCents(annualPlan)).toBe(542);
  });

  it('maps plan types to placeholder price ids and back', () => {
    expect(priceIdFor('monthly')).toBe('price_monthly_placeholder');
    expect(priceIdFor('annual')).toBe('price_annual_placeholder');
    expect(findPlanByPriceId(priceIdFor('annual'))).toBe(annualPlan);
    expect(findPlan('monthly-subscription')).toBe(monthlyPlan);
    expect(findPlan('weekly')).toBeUndefined();
  });

  it('counts the tools in the plan features from the catalogue', () => {
    expect(monthlyPlan.features[0]).toContain(String(products.length));
  });
});

describe('product lookups', () => {
  it('finds products by id and validates ids', () => {
    expect(findProduct('apocalipsis')?.name).toBe('Estudio de Apocalipsis');
    expect(findProduct('nope')).toBeUndefined();
    expect(isProductId('diccionario-biblico')).toBe(true);
    expect(isProductId('monthly-subscription')).toBe(false);
    expect(productIdSchema.safeParse('cantar-cantares').success).toBe(true);
    expect(productIdSchema.safeParse('cantares').success).toBe(false);
  });

  it('lists the three GPTs of the access page', () => {
    expect(accessPageProducts.map((p) => p.id)).toEqual([
      'generador-sermones',
      'manual-ceremonias',
      'mensajes-expositivos',
    ]);
  });

  it('localizes product texts', () => {
    const p = findProduct('generador-sermones')!;
    expect(localizeProduct(p, 'en').name).toBe('Sermon Generator');
    expect(localizeProduct(p, 'es').name).toBe('Generador de Sermones');
  });
});

describe('money conversions', () => {
  it('handles small, negative and non-integer cents', () => {
    expect(centsToAmountString(5)).toBe('0.05');
    expect(centsToAmountString(-150)).toBe('-1.50');
    expect(centsToDollars(999)).toBe(9.99);
    expect(() => centsToAmountString(9.5)).toThrow(RangeError);
  });

  it('uses US digits with the currency code in Spanish too', () => {
    expect(formatUsd(999)).toBe('$9.99 USD');
    expect(formatUsd(123_456, 'es')).toBe('$1,234.56 USD');
  });
});
