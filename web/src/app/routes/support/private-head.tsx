import { buildHead } from '@/components/seo/head';
import { useI18n } from '@/i18n';

interface Props {
  title: string;
  description: string;
  keywords: string;
  path: string;
}

/**
 * Head tags for the support pages that have no entry in the shared page table (a ticket, the
 * staff console): the same tags `<Seo>` writes, never indexed.
 */
export function PrivateHead({ title, description, keywords, path }: Props) {
  const { locale } = useI18n();
  const head = buildHead({ title, description, keywords, path, indexable: false, locale });
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
