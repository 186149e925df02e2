import { DEFAULT_CHECKOUT_ID, annualPlan, products } from '@mia/catalog';
import { describe, expect, it } from 'vitest';
import { checkoutItemText, checkoutRequest, resolveCheckoutItem } from './checkout-item';

describe('the checkout item', () => {
  it('defaults to the spec’s manual-ceremonias', () => {
    expect(resolveCheckoutItem(undefined)?.item.id).toBe(DEFAULT_CHECKOUT_ID);
  });

  it('sells every tool, including those past the spec’s first nine, and both plans', () => {
    for (const product of products) expect(resolveCheckoutItem(product.id)?.kind).toBe('product');
    expect(resolveCheckoutItem('monthly-subscription')?.kind).toBe('plan');
    expect(resolveCheckoutItem('annual-subscription')?.kind).toBe('plan');
    expect(resolveCheckoutItem('no-such-tool')).toBeUndefined();
  });

  it('asks for a PaymentIntent for a tool and a subscription for a plan', () => {
    expect(checkoutRequest(resolveCheckoutItem('apocalipsis')!)).toEqual({
      path: '/api/create-payment-intent',
      body: { productId: 'apocalipsis' },
    });
    expect(checkoutRequest(resolveCheckoutItem('annual-subscription')!)).toEqual({
      path: '/api/subscriptions',
      body: { priceId: annualPlan.priceId, planType: 'annual' },
    });
  });

  it('names the item in the visitor’s language', () => {
    const item = resolveCheckoutItem('generador-sermones')!;
    expect(checkoutItemText(item, 'es').name).toBe('Generador de Sermones');
    expect(checkoutItemText(item, 'en').name).toBe('Sermon Generator');
    expect(checkoutItemText(item, 'es').features).toHaveLength(4);
  });
});
