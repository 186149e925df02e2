import { describe, expect, it } from 'vitest';
import {
  brandOf,
  chargeOutcome,
  checkCard,
  disputesAfterCharge,
  luhnValid,
  setupOutcome,
  TEST_CARDS,
  type CardDetails,
} from './cards.js';

// 2026-11-23T00:00:00Z
const NOW = Date.UTC(2026, 10, 23) / 1000;

function card(number: string): CardDetails {
  const checked = checkCard({ number, exp_month: 12, exp_year: 2030, cvc: '123' }, NOW);
  if (!checked.ok) throw new Error(`test card ${number} refused: ${checked.failure.code}`);
  return checked.card;
}

describe('card validation', () => {
  it('accepts the test cards and reads brand and last4', () => {
    const visa = card(TEST_CARDS.visa);
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(card(TEST_CARDS.mastercard).brand).toBe('mastercard');
    expect(card(TEST_CARDS.amex).brand).toBe('amex');
  });

  it('accepts spaces and two-digit years', () => {
    const checked = checkCard(
      { number: '4242 4242 4242 4242', exp_month: '7', exp_year: '31', cvc: '1234' },
      NOW,
    );
    expect(checked.ok && checked.card.exp_year).toBe(2031);
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    const checked = checkCard(
      { number: '4242424242424241', exp_month: 12, exp_year: 2030 },
      NOW,
      'payment_method_data[card]',
    );
    expect(checked).toEqual({
      ok: false,
      failure: {
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'payment_method_data[card][number]',
      },
    });
  });

  it('refuses what is not a card number at all', () => {
    for (const number of ['', '1234', 'abcd abcd abcd abcd', '42424242424242424242']) {
      const checked = checkCard({ number, exp_month: 12, exp_year: 2030 }, NOW);
      expect(checked.ok ? 'ok' : checked.failure.code).toBe('invalid_number');
    }
  });

  it('refuses an expired card on the sandbox calendar, but not in its last month', () => {
    const past = checkCard({ number: TEST_CARDS.visa, exp_month: 10, exp_year: 2026 }, NOW);
    expect(past.ok ? 'ok' : past.failure.code).toBe('expired_card');
    expect(checkCard({ number: TEST_CARDS.visa, exp_month: 11, exp_year: 2026 }, NOW).ok).toBe(
      true,
    );
  });

  it('refuses an impossible expiry month', () => {
    const checked = checkCard({ number: TEST_CARDS.visa, exp_month: 13, exp_year: 2030 }, NOW);
    expect(checked.ok ? 'ok' : checked.failure.code).toBe('invalid_expiry_month');
  });

  it('wants a cvc of 3 or 4 digits when one is given', () => {
    for (const cvc of ['12', '12345', '12a']) {
      const checked = checkCard(
        { number: TEST_CARDS.visa, exp_month: 12, exp_year: 2030, cvc },
        NOW,
      );
      expect(checked.ok ? 'ok' : checked.failure.code).toBe('incorrect_cvc');
    }
    expect(
      checkCard({ number: TEST_CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '1234' }, NOW).ok,
    ).toBe(true);
  });

  it('names brands by their prefixes', () => {
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('3566002020360505')).toBe('jcb');
    expect(brandOf('9999999999999995')).toBe('unknown');
  });
});

describe('test card outcomes (COMMERCE.md §4)', () => {
  const charge = (number: string) => {
    const outcome = chargeOutcome(card(number), NOW);
    return outcome.ok ? 'ok' : `${outcome.failure.code}/${outcome.failure.decline_code}`;
  };
  const setup = (number: string) => {
    const outcome = setupOutcome(card(number), NOW);
    return outcome.ok ? 'ok' : `${outcome.failure.code}/${outcome.failure.decline_code}`;
  };

  it('4242 and any other valid number pay', () => {
    expect(charge(TEST_CARDS.visa)).toBe('ok');
    expect(charge('5105105105105100')).toBe('ok');
  });

  it('0002 is declined, and cannot even be saved', () => {
    expect(charge(TEST_CARDS.declined)).toBe('card_declined/generic_decline');
    expect(setup(TEST_CARDS.declined)).toBe('card_declined/generic_decline');
  });

  it('9995 is declined for insufficient funds', () => {
    expect(charge(TEST_CARDS.insufficientFunds)).toBe('card_declined/insufficient_funds');
  });

  it('0341 is saved but every charge to it fails', () => {
    expect(setup(TEST_CARDS.attachThenFail)).toBe('ok');
    expect(charge(TEST_CARDS.attachThenFail)).toBe('card_declined/generic_decline');
  });

  it('0259 pays, then is disputed', () => {
    expect(charge(TEST_CARDS.dispute)).toBe('ok');
    expect(disputesAfterCharge(card(TEST_CARDS.dispute))).toBe(true);
    expect(disputesAfterCharge(card(TEST_CARDS.visa))).toBe(false);
  });

  it('a saved card that has expired by renewal time is declined', () => {
    const later = Date.UTC(2031, 0, 1) / 1000;
    const outcome = chargeOutcome(card(TEST_CARDS.visa), later);
    expect(outcome.ok ? 'ok' : outcome.failure.code).toBe('expired_card');
  });
});
