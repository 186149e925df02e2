import { PRODUCT_PRICE_CENTS, products } from '@mia/catalog';
import { pages, type PageKey } from '@/config/paths';
import type { Messages } from '@/i18n/es';
import { formatMoney } from '@/i18n/format';
import type { Locale } from '@/i18n/locale';
import { buildHead, type PageHead } from './head';

/** A page's head in a locale: catalogue texts, with counts and prices taken from @mia/catalog. */
export function pageHead(page: PageKey, t: Messages, locale: Locale): PageHead {
  const texts = t.seo[page];
  const description =
    page === 'landing'
      ? t.seo.landing.description(products.length, formatMoney(PRODUCT_PRICE_CENTS, locale))
      : page === 'features'
        ? t.seo.features.description(products.length)
        : (texts.description as string);
  return buildHead({
    title: texts.title,
    description,
    keywords: texts.keywords,
    path: pages[page].path,
    indexable: pages[page].indexable,
    locale,
  });
}
