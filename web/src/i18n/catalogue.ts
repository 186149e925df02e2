import { es, type Messages } from './es';
import type { Locale } from './locale';

/**
 * Spanish ships with the app (it is the default); other locales are fetched when chosen, so most
 * visitors download one catalogue, not all of them.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return import('./en').then((module) => module.en);
  return Promise.resolve(es);
}
