export { useI18n, type I18n } from './context';
export { I18nProvider } from './provider';
export { ensureSections, startCatalogue } from './catalogue';
export { detectLocale, locales, defaultLocale, type Locale } from './locale';
export { formatMoney, formatDate, formatDateTime, formatNumber, formatPercent } from './format';
export { translateRule } from './validation';
export type { Messages } from './es';
