import { describe, expect, it } from 'vitest';
import { resumeStep } from './resume-checkout.js';

const expected = { amountCents: 1299, currency: 'usd' };
const intent = (status: string, amount = 1299, currency = 'usd') => ({ status, amount, currency });

describe('resuming an open checkout', () => {
  it('reuses a confirmable PaymentIntent for the money the checkout fixed', () => {
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action'])
      expect(resumeStep(intent(status), expected)).toBe('reuse');
  });

  it('given the catalogue price changed, updates it while the provider allows, else replaces it', () => {
    expect(resumeStep(intent('requires_payment_method', 999), expected)).toBe('update');
    expect(resumeStep(intent('requires_confirmation', 1299, 'eur'), expected)).toBe('update');
    expect(resumeStep(intent('requires_action', 999), expected)).toBe('replace');
  });

  it('waits for a payment in processing and starts over after a paid or canceled one', () => {
    expect(resumeStep(intent('processing', 999), expected)).toBe('processing');
    expect(resumeStep(intent('succeeded'), expected)).toBe('over');
    expect(resumeStep(intent('canceled', 999), expected)).toBe('over');
  });
});
