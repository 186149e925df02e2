import { formatUsd } from '@mia/catalog';
import { intlLocale, type Locale } from './locale';

/** '$9.99 USD' in the visitor's locale; whole dollars when asked. */
export const formatMoney = (cents: number, locale: Locale, fractionDigits: 0 | 2 = 2): string =>
  formatUsd(cents, locale, { fractionDigits });

export const formatDate = (
  date: Date,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string => new Intl.DateTimeFormat(intlLocale[locale], options).format(date);

export const formatDateTime = (date: Date, locale: Locale): string =>
  formatDate(date, locale, { dateStyle: 'long', timeStyle: 'short' });

export const formatNumber = (value: number, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale[locale]).format(value);

export const formatPercent = (
  fraction: number,
  locale: Locale,
  maximumFractionDigits = 1,
): string =>
  new Intl.NumberFormat(intlLocale[locale], { style: 'percent', maximumFractionDigits }).format(
    fraction,
  );
