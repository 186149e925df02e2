import type { PageKey } from '@/config/paths';
import { useI18n } from '@/i18n';
import { pageHead, type CatalogFigures } from './page-seo';

/**
 * React 19 hoists <title>, <meta> and <link> into the document head and removes them when the page
 * unmounts, so each page simply renders its own.
 */
export function Seo({ page, figures }: { page: PageKey; figures?: CatalogFigures | null }) {
  const { t, locale } = useI18n();
  const head = pageHead(page, t, locale, figures);
  return (
    <>
      <title>{head.title}</title>
      {head.meta.map((tag) => (
        <meta key={tag.name ?? tag.property} {...tag} />
      ))}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
    </>
  );
}
