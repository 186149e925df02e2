/** Every price in the catalogue is in US dollars, held as integer cents to avoid float drift. */
export const currency = 'USD' as const;
export type Currency = typeof currency;

export type CatalogLocale = 'es' | 'en';

// Latin-American visitors read a bare '$' as their own peso, so amounts always carry 'USD'
// and use the US-style digits the spec shows ('$9.99 USD').
const intlLocale: Record<CatalogLocale, string> = { es: 'es-US', en: 'en-US' };

export interface FormatUsdOptions {
  /** 0 shows whole dollars (the dashboard's 'total invested'); default 2. */
  fractionDigits?: 0 | 2;
}

/** '$9.99 USD' in the given locale. */
export function formatUsd(
  cents: number,
  locale: CatalogLocale = 'es',
  options: FormatUsdOptions = {},
): string {
  const digits = options.fractionDigits ?? 2;
  const amount = new Intl.NumberFormat(intlLocale[locale], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
  return `${amount} ${currency}`;
}

/** '9.99': the decimal amount as the API carries it (dashboard payments, 'Pagar $9.99 USD'). */
export function centsToAmountString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The bare price for labels such as 'Pagar $9.99 USD'. */
export const priceLabel = (cents: number): string => centsToAmountString(cents);

/** 9.99: the price as a number, as the dashboard's availableProducts carry it. */
export const centsToDollars = (cents: number): number => Number(centsToAmountString(cents));
