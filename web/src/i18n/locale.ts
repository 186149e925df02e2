export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'es';

const storageKey = 'mia.locale';

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

/**
 * The visitor's remembered choice wins; otherwise the first browser language we speak; otherwise
 * Spanish, the product's language.
 */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null; // storage can be disabled; the browser language still applies
  }
}

export function detectLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(readStored(), languages);
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Not remembered across visits, but the switch still works for this one.
  }
}

/** BCP 47 tags for Intl: US-style digits so '$9.99 USD' reads the same as the catalogue's prices. */
export const intlLocale: Record<Locale, string> = { es: 'es-US', en: 'en-US' };
