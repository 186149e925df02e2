import { pages, type PageKey } from '@/config/paths';
import type { Messages } from '@/i18n/es';
import { formatMoney } from '@/i18n/format';
import type { Locale } from '@/i18n/locale';
import { buildHead, type PageHead } from './head';

/** The catalogue's figures a head quotes: the tools on sale and the lowest price of one. */
export interface CatalogFigures {
  tools: number;
  lowestPriceCents: number | undefined;
}

/**
 * A page's head in a locale: catalogue texts, with counts and prices taken from the catalogue
 * (GET /api/catalog, passed in by the page) when the page has it, and the same sentences without
 * figures when not.
 */
export function pageHead(
  page: PageKey,
  t: Messages,
  locale: Locale,
  figures: CatalogFigures | null = null,
): PageHead {
  const texts = t.seo[page];
  const tools = figures ? figures.tools : null;
  const lowest = figures?.lowestPriceCents;
  const description =
    page === 'landing'
      ? t.seo.landing.description(tools, lowest === undefined ? null : formatMoney(lowest, locale))
      : page === 'features'
        ? t.seo.features.description(tools)
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
