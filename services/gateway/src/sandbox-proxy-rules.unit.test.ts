import { describe, expect, it } from 'vitest';
import { confirmRefusal, sameOrigin, sandboxRouteOf } from './sandbox-proxy-rules.js';

describe('what the gateway lets through to the Stripe sandbox', () => {
  it("passes only the card form's confirmations and the clock move", () => {
    expect(sandboxRouteOf('POST', '/v1/payment_intents/pi_A1/confirm')).toEqual({
      kind: 'confirm',
      collection: 'payment_intents',
      id: 'pi_A1',
    });
    expect(sandboxRouteOf('POST', '/v1/setup_intents/seti_B2/confirm')).toEqual({
      kind: 'confirm',
      collection: 'setup_intents',
      id: 'seti_B2',
    });
    expect(sandboxRouteOf('POST', '/_clock/advance')).toEqual({ kind: 'clock' });
    for (const [method, path] of [
      ['GET', '/v1/payment_intents/pi_A1'],
      ['GET', '/v1/customers'],
      ['POST', '/v1/refunds'],
      ['POST', '/v1/payment_intents/pi_A1/cancel'],
      ['POST', '/v1/setup_intents/pi_A1/confirm'],
      ['POST', '/v1/payment_intents/seti_B2/confirm'],
      ['POST', '/v1/payment_intents/pi_A1%2F..%2Fx/confirm'],
      ['GET', '/_clock/advance'],
      ['GET', '/_webhooks'],
      ['POST', '/_webhooks/endpoint'],
      ['POST', '/_dispute/dp_1/close'],
    ] as const) {
      expect(sandboxRouteOf(method, path), `${method} ${path}`).toBeNull();
    }
  });

  it('takes pages of this site and programs, not other origins', () => {
    expect(sameOrigin(undefined, 'localhost:8080')).toBe(true);
    expect(sameOrigin('http://localhost:8080', 'localhost:8080')).toBe(true);
    expect(sameOrigin('http://127.0.0.1:8080', 'localhost:8080')).toBe(false);
    expect(sameOrigin('https://evil.example', 'localhost:8080')).toBe(false);
    expect(sameOrigin('null', 'localhost:8080')).toBe(false);
    expect(sameOrigin('http://localhost:8080', undefined)).toBe(false);
  });

  const form = (fields: [string, string][]) => new URLSearchParams(fields);
  const card: [string, string][] = [
    ['payment_method_data[type]', 'card'],
    ['payment_method_data[card][number]', '4242424242424242'],
    ['payment_method_data[card][exp_month]', '12'],
    ['payment_method_data[card][exp_year]', '2099'],
    ['payment_method_data[card][cvc]', '123'],
  ];

  it("confirms with the publishable key and a client secret of the path's intent", () => {
    const ok = form([['key', 'pk_test_sandbox'], ['client_secret', 'pi_A1_secret_xyz'], ...card]);
    expect(confirmRefusal('pi_A1', ok)).toBeNull();
    const other = form([
      ['key', 'pk_test_sandbox'],
      ['client_secret', 'pi_B9_secret_xyz'],
    ]);
    expect(confirmRefusal('pi_A1', other)).toMatchObject({ status: 400, param: 'client_secret' });
    const prefixOfAnother = form([
      ['key', 'pk_test_x'],
      ['client_secret', 'pi_A12_secret_x'],
    ]);
    expect(confirmRefusal('pi_A1', prefixOfAnother)).toMatchObject({ param: 'client_secret' });
    const secretKey = form([
      ['key', 'sk_test_abc'],
      ['client_secret', 'pi_A1_secret_xyz'],
    ]);
    expect(confirmRefusal('pi_A1', secretKey)).toMatchObject({ status: 401 });
  });

  it('refuses anything beyond the card fields, and any field twice', () => {
    const base: [string, string][] = [
      ['key', 'pk_test_sandbox'],
      ['client_secret', 'pi_A1_secret_xyz'],
    ];
    for (const extra of [
      ['expand[]', 'customer'],
      ['payment_method', 'pm_card_visa'],
      ['return_url', 'https://evil.example'],
    ] as [string, string][]) {
      expect(confirmRefusal('pi_A1', form([...base, extra]))).toMatchObject({
        status: 400,
        param: extra[0],
      });
    }
    expect(
      confirmRefusal('pi_A1', form([...base, ['client_secret', 'pi_B9_secret_xyz']])),
    ).toMatchObject({ status: 400, param: 'client_secret' });
  });
});
