import { describe, expect, it } from 'vitest';
import { decodeForm, encodeForm, FormDecodeError, parseKey } from './form.js';

describe('decodeForm (Stripe bracket notation)', () => {
  it('nests objects and indexed arrays as the SDK sends them', () => {
    const body =
      'customer=cus_1&items[0][price]=price_a&items[0][quantity]=2&items[1][price]=price_b' +
      '&metadata[userId]=u1&expand[0]=latest_invoice.confirmation_secret';
    expect(decodeForm(body)).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      metadata: { userId: 'u1' },
      expand: ['latest_invoice.confirmation_secret'],
    });
  });

  it('appends with [] as Stripe.js and curl send it', () => {
    expect(decodeForm('expand[]=a&expand[]=b&lookup_keys[]=monthly')).toEqual({
      expand: ['a', 'b'],
      lookup_keys: ['monthly'],
    });
  });

  it('decodes percent-encoded brackets and values', () => {
    expect(decodeForm('metadata%5Bname%5D=Jos%C3%A9+P%C3%A9rez&description=a%26b%3Dc')).toEqual({
      metadata: { name: 'José Pérez' },
      description: 'a&b=c',
    });
  });

  it('orders array items by index, not by arrival', () => {
    expect(decodeForm('items[1][price]=b&items[0][price]=a')).toEqual({
      items: [{ price: 'a' }, { price: 'b' }],
    });
  });

  it('keeps numeric metadata keys as keys', () => {
    expect(decodeForm('metadata[0]=zero&metadata[7]=seven')).toEqual({
      metadata: { '0': 'zero', '7': 'seven' },
    });
  });

  it('keeps empty values (Stripe uses them to unset)', () => {
    expect(decodeForm('metadata[old]=&default_payment_method=')).toEqual({
      metadata: { old: '' },
      default_payment_method: '',
    });
  });

  it('reads deep card data from the browser confirm', () => {
    const form = decodeForm(
      'payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242' +
        '&payment_method_data[card][exp_month]=12&key=pk_test_x',
    );
    expect(form.payment_method_data).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12' },
    });
  });

  it('ignores keys that would reach Object.prototype', () => {
    const form = decodeForm('__proto__[polluted]=yes&metadata[__proto__]=x&a[constructor][b]=c');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(form).toEqual({ metadata: {}, a: {} });
  });

  it('refuses a key used both as a value and as an object', () => {
    expect(() => decodeForm('metadata=x&metadata[a]=b')).toThrow(FormDecodeError);
    expect(() => decodeForm('card[number]=1&card=x')).toThrow(FormDecodeError);
  });

  it('takes malformed bracket keys literally', () => {
    expect(parseKey('a[b')).toEqual(['a[b']);
    expect(parseKey('a]b[')).toEqual(['a]b[']);
    expect(parseKey('[a]')).toEqual(['[a]']);
    expect(decodeForm('a[b=1')).toEqual({ 'a[b': '1' });
  });

  it('round-trips through encodeForm', () => {
    const data = {
      items: [{ price: 'price_1', metadata: { plan: 'annual' } }],
      expand: ['latest_invoice'],
      description: 'Plan anual & más',
    };
    expect(decodeForm(encodeForm(data))).toEqual(data);
  });
});
