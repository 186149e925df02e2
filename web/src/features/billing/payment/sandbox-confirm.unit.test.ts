import { describe, expect, it } from 'vitest';
import { readConfirmAnswer, sandboxConfirmForm, sandboxConfirmPath } from './sandbox-confirm';

const secret = 'pi_3Abc123_secret_XyZ987';

describe('the sandbox confirm request', () => {
  it('posts to the intent named by the client secret, under the sandbox prefix', () => {
    expect(sandboxConfirmPath(secret)).toBe(
      '/sandbox/stripe/v1/payment_intents/pi_3Abc123/confirm',
    );
    expect(sandboxConfirmPath('seti_9Q_secret_k')).toBe(
      '/sandbox/stripe/v1/setup_intents/seti_9Q/confirm',
    );
  });

  it('encodes the card the way Stripe.js does', () => {
    const form = sandboxConfirmForm('pk_test_sandbox', secret, {
      number: '4242 4242 4242 4242',
      expiry: '04 / 31',
      cvc: ' 123 ',
    });
    expect(form.toString()).toBe(
      [
        'key=pk_test_sandbox',
        `client_secret=${secret}`,
        'payment_method_data%5Btype%5D=card',
        'payment_method_data%5Bcard%5D%5Bnumber%5D=4242424242424242',
        'payment_method_data%5Bcard%5D%5Bexp_month%5D=4',
        'payment_method_data%5Bcard%5D%5Bexp_year%5D=2031',
        'payment_method_data%5Bcard%5D%5Bcvc%5D=123',
      ].join('&'),
    );
  });
});

describe('reading the provider’s answer', () => {
  it('takes a succeeded intent as paid, with its id', () => {
    expect(readConfirmAnswer(200, { id: 'pi_1', status: 'succeeded' })).toEqual({
      kind: 'succeeded',
      intentId: 'pi_1',
    });
  });

  it('shows the provider’s message for a 402 decline', () => {
    const body = {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { id: 'pi_1', status: 'requires_payment_method' },
      },
    };
    expect(readConfirmAnswer(402, body)).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('shows the last payment error of an intent answered without an error body', () => {
    const body = {
      id: 'pi_1',
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card has insufficient funds.' },
    };
    expect(readConfirmAnswer(200, body)).toEqual({
      kind: 'declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('reports an intent still on its way by its status', () => {
    expect(readConfirmAnswer(200, { id: 'pi_1', status: 'processing' })).toEqual({
      kind: 'incomplete',
      status: 'processing',
    });
  });

  it('refuses answers that are not Stripe speaking', () => {
    expect(() => readConfirmAnswer(502, { message: 'Sandbox unavailable' })).toThrow('502');
    expect(() => readConfirmAnswer(200, '<html>')).toThrow('unreadable');
  });
});
