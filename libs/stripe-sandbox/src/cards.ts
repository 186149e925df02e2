import { createHash } from 'node:crypto';
import type { CardFailure } from './errors.js';

/** What the browser (or a test) typed; Stripe's `payment_method_data[card][...]` fields. */
export interface CardInput {
  number?: string;
  exp_month?: string | number;
  exp_year?: string | number;
  cvc?: string;
}

/** A validated card. The full number stays inside the sandbox: it decides later outcomes. */
export interface CardDetails {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit';
  country: string;
  cvcProvided: boolean;
}

export type CardCheck = { ok: true; card: CardDetails } | { ok: false; failure: CardFailure };
export type Outcome = { ok: true } | { ok: false; failure: CardFailure };

/** Stripe's test cards (COMMERCE.md §4) and what each one does. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  visaDebit: '4000056655665556',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  attachThenFail: '4000000000000341',
  dispute: '4000000000000259',
  /** Pays, then the bank opens an inquiry (Stripe's 1976). */
  inquiry: '4000000000001976',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
} as const;

/** Stripe's test PaymentMethod ids (`pm_card_visa`), each standing for a new card of that kind. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.visa,
  pm_card_visa_debit: TEST_CARDS.visaDebit,
  pm_card_mastercard: TEST_CARDS.mastercard,
  pm_card_amex: TEST_CARDS.amex,
  pm_card_chargeDeclined: TEST_CARDS.declined,
  pm_card_chargeDeclinedInsufficientFunds: TEST_CARDS.insufficientFunds,
  pm_card_chargeCustomerFail: TEST_CARDS.attachThenFail,
  pm_card_createDispute: TEST_CARDS.dispute,
  pm_card_createDisputeInquiry: TEST_CARDS.inquiry,
  pm_card_chargeDeclinedExpiredCard: TEST_CARDS.expired,
  pm_card_chargeDeclinedIncorrectCvc: TEST_CARDS.incorrectCvc,
  pm_card_chargeDeclinedProcessingError: TEST_CARDS.processingError,
};

export const FAILURES = {
  declined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired: {
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
  incorrectCvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processingError: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
} satisfies Record<string, CardFailure>;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  if (two === 36 || (four >= 3000 && four <= 3059)) return 'diners';
  if (two === 35) return 'jcb';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

const toInt = (value: string | number | undefined) =>
  value === undefined || value === '' || !/^\d+$/.test(String(value).trim())
    ? Number.NaN
    : Number(String(value).trim());

/**
 * Validates typed card data as Stripe does when a PaymentMethod is made from it. `now` is the
 * sandbox's time (unix seconds), so a card expires on the sandbox's calendar.
 */
export function checkCard(input: CardInput, now: number, paramPrefix = 'card'): CardCheck {
  const digits = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    return fail('invalid_number', 'Your card number is invalid.', `${paramPrefix}[number]`);
  }
  if (!luhnValid(digits)) {
    return fail('incorrect_number', 'Your card number is incorrect.', `${paramPrefix}[number]`);
  }
  const month = toInt(input.exp_month);
  if (!(month >= 1 && month <= 12)) {
    return fail(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      `${paramPrefix}[exp_month]`,
    );
  }
  const rawYear = toInt(input.exp_year);
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (!(year >= 2000 && year <= 2100)) {
    return fail(
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
      `${paramPrefix}[exp_year]`,
    );
  }
  if (isExpired(month, year, now)) {
    return { ok: false, failure: { ...FAILURES.expired, param: `${paramPrefix}[exp_year]` } };
  }
  const cvc = input.cvc ?? '';
  if (cvc !== '' && !/^\d{3,4}$/.test(cvc)) {
    return {
      ok: false,
      failure: { ...FAILURES.incorrectCvc, param: `${paramPrefix}[cvc]` },
    };
  }
  return {
    ok: true,
    card: {
      number: digits,
      brand: brandOf(digits),
      last4: digits.slice(-4),
      exp_month: month,
      exp_year: year,
      fingerprint: createHash('sha256').update(digits).digest('base64url').slice(0, 16),
      funding: digits === TEST_CARDS.visaDebit ? 'debit' : 'credit',
      country: 'US',
      cvcProvided: cvc !== '',
    },
  };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: number): boolean {
  const date = new Date(now * 1000);
  const currentYear = date.getUTCFullYear();
  const currentMonth = date.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/** Whether a charge to this card goes through (first payment, renewal or retry alike). */
export function chargeOutcome(card: CardDetails, now: number): Outcome {
  if (isExpired(card.exp_month, card.exp_year, now))
    return { ok: false, failure: FAILURES.expired };
  switch (card.number) {
    case TEST_CARDS.declined:
    case TEST_CARDS.attachThenFail:
      return { ok: false, failure: FAILURES.declined };
    case TEST_CARDS.insufficientFunds:
      return { ok: false, failure: FAILURES.insufficientFunds };
    case TEST_CARDS.expired:
      return { ok: false, failure: FAILURES.expired };
    case TEST_CARDS.incorrectCvc:
      return { ok: false, failure: FAILURES.incorrectCvc };
    case TEST_CARDS.processingError:
      return { ok: false, failure: FAILURES.processingError };
    default:
      return { ok: true };
  }
}

/**
 * Whether the card can be saved (SetupIntent, attach). Stripe checks the card with the issuer:
 * 0002 is refused outright, while 0341 and 9995 attach and only fail when charged.
 */
export function setupOutcome(card: CardDetails, now: number): Outcome {
  if (isExpired(card.exp_month, card.exp_year, now))
    return { ok: false, failure: FAILURES.expired };
  switch (card.number) {
    case TEST_CARDS.declined:
      return { ok: false, failure: FAILURES.declined };
    case TEST_CARDS.expired:
      return { ok: false, failure: FAILURES.expired };
    case TEST_CARDS.incorrectCvc:
      return { ok: false, failure: FAILURES.incorrectCvc };
    case TEST_CARDS.processingError:
      return { ok: false, failure: FAILURES.processingError };
    default:
      return { ok: true };
  }
}

/** A successful charge to this card gets an inquiry shortly after (1976). */
export function inquiresAfterCharge(card: CardDetails): boolean {
  return card.number === TEST_CARDS.inquiry;
}

/** A successful charge to this card is disputed shortly after (0259). */
export function disputesAfterCharge(card: CardDetails): boolean {
  return card.number === TEST_CARDS.dispute;
}

function fail(code: string, message: string, param: string): CardCheck {
  return { ok: false, failure: { code, message, param } };
}
