import { describe, expect, it } from 'vitest';
import { catalogFixture, withRetired } from '@/features/catalog/catalog.fixture';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import {
  checkoutItemText,
  checkoutRequest,
  DEFAULT_CHECKOUT_ID,
  resolveCheckoutItem,
} from './checkout-item';

const catalog = catalogFixture();

describe('the checkout item', () => {
  it('defaults to the spec’s manual-ceremonias', () => {
    expect(resolveCheckoutItem(undefined, catalog)?.item.id).toBe(DEFAULT_CHECKOUT_ID);
  });

  it('sells every published tool and both plans', () => {
    for (const product of catalog.products)
      expect(resolveCheckoutItem(product.id, catalog)?.kind).toBe('product');
    expect(resolveCheckoutItem('monthly-subscription', catalog)?.kind).toBe('plan');
    expect(resolveCheckoutItem('annual-subscription', catalog)?.kind).toBe('plan');
    expect(resolveCheckoutItem('no-such-tool', catalog)).toBeUndefined();
  });

  it('does not sell a retired tool, nor a plan the catalogue lacks (Producto Inválido)', () => {
    expect(resolveCheckoutItem('apocalipsis', withRetired('apocalipsis'))).toBeUndefined();
    const noPlans = { ...catalog, plans: [] };
    expect(resolveCheckoutItem('monthly-subscription', noPlans)).toBeUndefined();
  });

  it('charges the catalogue’s price, not a compiled one', () => {
    const changed = catalogFixture((list) =>
      list.map((product) =>
        product.id === 'apocalipsis' ? { ...product, priceCents: 1500 } : product,
      ),
    );
    expect(resolveCheckoutItem('apocalipsis', changed)?.item.priceCents).toBe(1500);
  });

  it('asks for a PaymentIntent for a tool and a subscription for a plan', () => {
    expect(checkoutRequest(resolveCheckoutItem('apocalipsis', catalog)!)).toEqual({
      path: '/api/create-payment-intent',
      body: { productId: 'apocalipsis' },
    });
    expect(checkoutRequest(resolveCheckoutItem('annual-subscription', catalog)!)).toEqual({
      path: '/api/subscriptions',
      body: { priceId: 'annual-subscription', planType: 'annual' },
    });
  });

  it('names the item in the visitor’s language', () => {
    const item = resolveCheckoutItem('generador-sermones', catalog)!;
    expect(checkoutItemText(item, 'es', es.catalog.plans).name).toBe('Generador de Sermones');
    expect(checkoutItemText(item, 'en', en.catalog.plans).name).toBe('Sermon Generator');
    expect(checkoutItemText(item, 'es', es.catalog.plans).features).toHaveLength(4);
    const plan = resolveCheckoutItem('monthly-subscription', catalog)!;
    const text = checkoutItemText(plan, 'en', en.catalog.plans);
    expect(text.name).toBe('Monthly Plan');
    expect(text.features[0]).toBe(`Access to all ${catalog.products.length} specialised tools`);
  });
});
