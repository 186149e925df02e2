import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors.js';
import { fingerprint, IdempotencyStore } from './idempotency.js';

describe('idempotency store', () => {
  const answer = { status: 200, body: { id: 'pi_1' } };

  it('replays the first answer to the same request, whatever the parameter order', () => {
    const store = new IdempotencyStore();
    const print = fingerprint('POST', '/v1/payment_intents', { amount: '999', currency: 'usd' });
    expect(store.lookup('sk', 'k1', print)).toBeNull();
    store.save('sk', 'k1', print, answer);
    const same = fingerprint('POST', '/v1/payment_intents', { currency: 'usd', amount: '999' });
    expect(store.lookup('sk', 'k1', same)).toEqual(answer);
  });

  it('refuses the key for different parameters or another endpoint', () => {
    const store = new IdempotencyStore();
    store.save('sk', 'k1', fingerprint('POST', '/v1/customers', { email: 'a@x.co' }), answer);
    const reuse = (print: string) => {
      try {
        store.lookup('sk', 'k1', print);
        return 'replayed';
      } catch (error) {
        return error instanceof StripeApiError ? `${error.status} ${error.body.type}` : 'other';
      }
    };
    expect(reuse(fingerprint('POST', '/v1/customers', { email: 'b@x.co' }))).toBe(
      '400 idempotency_error',
    );
    expect(reuse(fingerprint('POST', '/v1/products', { email: 'a@x.co' }))).toBe(
      '400 idempotency_error',
    );
  });

  it('scopes keys by API key', () => {
    const store = new IdempotencyStore();
    store.save('sk_a', 'k1', fingerprint('POST', '/v1/customers', {}), answer);
    expect(
      store.lookup('sk_b', 'k1', fingerprint('POST', '/v1/customers', { email: 'x' })),
    ).toBeNull();
  });

  it('forgets keys after a day', () => {
    let now = 0;
    const store = new IdempotencyStore(24 * 3600 * 1000, () => now);
    const print = fingerprint('POST', '/v1/customers', {});
    store.save('sk', 'k1', print, answer);
    now += 24 * 3600 * 1000 + 1;
    expect(
      store.lookup('sk', 'k1', fingerprint('POST', '/v1/customers', { other: '1' })),
    ).toBeNull();
  });
});
