import { describe, expect, it } from 'vitest';
import {
  annualSavings,
  findPlan,
  findProductOnSale,
  localizeProduct,
  lowestToolPriceCents,
  monthlyEquivalentCents,
  productName,
  publishedProducts,
  toolCount,
  toolPriceText,
} from './catalog';
import { catalogFixture, withRetired } from './catalog.fixture';
import { catalogView } from './catalog-view';

describe('catalogue helpers', () => {
  it('lists only published tools, in the order billing sent', () => {
    const catalog = withRetired('apocalipsis');
    const ids = publishedProducts(catalog).map((product) => product.id);
    expect(ids).not.toContain('apocalipsis');
    expect(ids).toEqual(
      catalog.products.filter((product) => product.id !== 'apocalipsis').map((p) => p.id),
    );
    expect(toolCount(catalog)).toBe(catalog.products.length - 1);
  });

  it('names a retired tool (someone may own it) but does not sell it', () => {
    const catalog = withRetired('apocalipsis');
    expect(productName(catalog, 'apocalipsis', 'es')).toBe('Estudio de Apocalipsis');
    expect(findProductOnSale(catalog, 'apocalipsis')).toBeUndefined();
    expect(findProductOnSale(catalog, 'manual-ceremonias')?.id).toBe('manual-ceremonias');
    expect(productName(catalog, 'no-such-tool', 'es')).toBeUndefined();
  });

  it('picks the texts of the locale', () => {
    const product = catalogFixture().products[0]!;
    expect(localizeProduct(product, 'es').name).toBe(product.name.es);
    expect(localizeProduct(product, 'en').name).toBe(product.name.en);
    expect(localizeProduct(product, 'en').features).toEqual(product.features.en);
    expect(localizeProduct(product, 'es').onSale).toBe(true);
  });

  it('computes the plans figures from their prices, not from copy', () => {
    const catalog = catalogFixture();
    const monthly = findPlan(catalog, 'monthly')!;
    const annual = findPlan(catalog, 'annual')!;
    expect(monthlyEquivalentCents(monthly)).toBe(monthly.priceCents);
    expect(monthlyEquivalentCents(annual)).toBe(Math.round(annual.priceCents / 12));
    const savings = annualSavings(catalog)!;
    expect(savings.cents).toBe(12 * monthly.priceCents - annual.priceCents);
    expect(savings.percent).toBe(Math.round((savings.cents / (12 * monthly.priceCents)) * 100));
  });

  it('has no saving to show when the annual plan saves nothing or a plan is missing', () => {
    const catalog = catalogFixture();
    const expensive = {
      ...catalog,
      plans: catalog.plans.map((plan) =>
        plan.planType === 'annual' ? { ...plan, priceCents: 999_00 } : plan,
      ),
    };
    expect(annualSavings(expensive)).toBeUndefined();
    expect(annualSavings({ ...catalog, plans: [] })).toBeUndefined();
  });

  it('quotes the cheapest tool on sale, and nothing when none is', () => {
    const catalog = catalogFixture((list) =>
      list.map((product, index) => (index === 2 ? { ...product, priceCents: 450 } : product)),
    );
    expect(lowestToolPriceCents(catalog)).toBe(450);
    expect(lowestToolPriceCents({ ...catalog, products: [] })).toBeUndefined();
  });
});

describe('catalogView', () => {
  it('sees the catalogue in one locale and falls back to the id for unknown tools', () => {
    const view = catalogView(withRetired('apocalipsis'), 'en');
    expect(view.productName('apocalipsis')).toBe('Study of Revelation');
    expect(view.productName('gone-tool')).toBe('gone-tool');
    expect(view.products.every((product) => product.onSale)).toBe(true);
    expect(view.productOnSale('apocalipsis')).toBeUndefined();
    expect(view.product('apocalipsis')?.onSale).toBe(false);
    expect(view.toolCount).toBe(view.products.length);
  });
});

describe('toolPriceText', () => {
  const format = (cents: number) => `$${cents / 100}`;
  const from = (price: string) => `desde ${price}`;
  it('quotes the one price when all tools cost the same, the lowest "desde" otherwise', () => {
    expect(toolPriceText(catalogFixture(), format, from)).toBe('$9.99');
    const mixed = catalogFixture((list) =>
      list.map((product, index) => (index === 0 ? { ...product, priceCents: 1500 } : product)),
    );
    expect(toolPriceText(mixed, format, from)).toBe('desde $9.99');
    expect(toolPriceText({ products: [], plans: [] }, format, from)).toBeUndefined();
  });
});
