import { describe, expect, it } from 'vitest';
import {
  checkPromotion,
  emptyPromotionForm,
  promotionFieldErrors,
  type PromotionFormState,
} from './promotion-form';

const messages = { value: 'bad value', expiry: 'past' };
const now = new Date('2026-11-25T12:00:00Z');
const form = (change: Partial<PromotionFormState>) => ({
  ...emptyPromotionForm(),
  code: 'MITAD',
  value: '50',
  ...change,
});

describe('a new promotion code', () => {
  it('sends a percentage once, for everything, by default', () => {
    expect(checkPromotion(form({}), messages, now)).toEqual({
      ok: true,
      request: {
        code: 'MITAD',
        percentOff: 50,
        duration: 'once',
        appliesTo: 'all',
        firstPurchaseOnly: false,
      },
    });
  });

  it('sends an amount in cents, months for a repeating code, limits and the end of the expiry day', () => {
    const result = checkPromotion(
      form({
        kind: 'amount',
        value: '5',
        duration: 'repeating',
        months: '3',
        maxRedemptions: '100',
        expiresOn: '2026-12-31',
        appliesTo: 'plans',
        firstPurchaseOnly: true,
      }),
      messages,
      now,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        code: 'MITAD',
        amountOffCents: 500,
        duration: 'repeating',
        durationInMonths: 3,
        maxRedemptions: 100,
        expiresAt: '2026-12-31T23:59:59Z',
        appliesTo: 'plans',
        firstPurchaseOnly: true,
      },
    });
  });

  it.each([
    [{ value: '0' }, 'value'],
    [{ value: '101' }, 'value'],
    [{ value: 'mitad' }, 'value'],
    [{ code: 'a b' }, 'code'],
    [{ duration: 'repeating' as const, months: '' }, 'durationInMonths'],
    [{ maxRedemptions: '0' }, 'maxRedemptions'],
    [{ expiresOn: '2026-11-24' }, 'expiresAt'],
  ])('refuses %j in the field %s', (change, field) => {
    const result = checkPromotion(form(change), messages, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toContain(field);
  });

  it('puts the API’s percentOff or amountOffCents message on the form’s one value field', () => {
    expect(promotionFieldErrors({ percentOff: 'x', code: 'y' })).toEqual({ value: 'x', code: 'y' });
    expect(promotionFieldErrors({ amountOffCents: 'z' })).toEqual({ value: 'z' });
  });
});
