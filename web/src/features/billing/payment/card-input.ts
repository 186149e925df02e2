/** What the sandbox card form holds, as typed. */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldProblem = 'required' | 'invalidNumber' | 'invalidExpiry' | 'invalidCvc';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** '4242424242424242' -> '4242 4242 4242 4242' (at most 19 digits), for the number field. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typing '1234' shows '12/34': the slash arrives by itself, as on card forms everywhere. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** 'MM/YY' (or 'MM/YYYY') -> month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * Only what the form can tell before asking the provider: something is missing or not shaped
 * like a card. Whether the card is good (Luhn, expiry, decline) is the provider's answer.
 */
export function cardFieldProblems(
  fields: CardFields,
): Partial<Record<keyof CardFields, CardFieldProblem>> {
  const problems: Partial<Record<keyof CardFields, CardFieldProblem>> = {};
  const number = digitsOnly(fields.number);
  if (!number) problems.number = 'required';
  else if (number.length < 12 || number.length > 19) problems.number = 'invalidNumber';
  if (!fields.expiry.trim()) problems.expiry = 'required';
  else if (!parseExpiry(fields.expiry)) problems.expiry = 'invalidExpiry';
  if (!fields.cvc.trim()) problems.cvc = 'required';
  else if (!/^\d{3,4}$/.test(fields.cvc.trim())) problems.cvc = 'invalidCvc';
  return problems;
}
