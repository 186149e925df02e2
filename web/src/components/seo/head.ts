import { brand } from '@mia/catalog';
import type { Locale } from '@/i18n/locale';

export interface PageHeadInput {
  title: string;
  description: string;
  keywords: string;
  /** Path of the page's canonical address; null for pages without one (the 404). */
  path: string | null;
  indexable: boolean;
  locale: Locale;
}

export interface PageHead {
  title: string;
  canonical: string | null;
  meta: { name?: string; property?: string; content: string }[];
}

const ogLocale: Record<Locale, string> = { es: 'es_ES', en: 'en_US' };

export const withBrand = (title: string): string =>
  title.includes(brand.name) ? title : `${title} | ${brand.name}`;

/** The head tags of one page, computed without touching the DOM so they can be tested directly. */
export function buildHead(input: PageHeadInput): PageHead {
  const title = withBrand(input.title);
  const canonical = input.path === null ? null : new URL(input.path, brand.siteUrl).href;
  const meta: PageHead['meta'] = [
    { name: 'description', content: input.description },
    { name: 'keywords', content: input.keywords },
    { name: 'robots', content: input.indexable ? 'index, follow' : 'noindex, nofollow' },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:locale', content: ogLocale[input.locale] },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ];
  if (canonical) meta.push({ property: 'og:url', content: canonical });
  return { title, canonical, meta };
}
