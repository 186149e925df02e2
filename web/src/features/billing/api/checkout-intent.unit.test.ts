import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveCheckoutItem } from '@/features/billing/checkout-item';
import { catalogFixture } from '@/features/catalog/catalog.fixture';
import { createCheckoutIntent } from './checkout-intent';

afterEach(() => vi.unstubAllGlobals());

describe('preparing a checkout', () => {
  for (const id of ['apocalipsis', 'monthly-subscription']) {
    it(`marks the call for ${id} safe to repeat, so the gateway may retry it on another replica`, async () => {
      const fetch = vi.fn(
        async () =>
          new Response('{"clientSecret":"pi_123_secret_abc","amountCents":999,"discountCents":0}', {
            status: 200,
          }),
      );
      vi.stubGlobal('fetch', fetch);
      const intent = await createCheckoutIntent(resolveCheckoutItem(id, catalogFixture())!);
      expect(intent).toEqual({
        clientSecret: 'pi_123_secret_abc',
        paymentIntentId: 'pi_123',
        amountCents: 999,
        discountCents: 0,
      });
      const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(`checkout-${id}`);
    });
  }
});
