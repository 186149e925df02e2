import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths, type PageKey } from '@/config/paths';
import { useI18n } from '@/i18n';
import { Seo } from '@/components/seo/seo';
import type { CatalogFigures } from '@/components/seo/page-seo';
import { InfoHeader } from './info-header';
import { SiteFooter } from './site-footer';
import { MAIN_ID, SkipLink } from './skip-link';

interface Props {
  page: PageKey;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The catalogue's figures, for head tags that quote them (the features page). */
  figures?: CatalogFigures | null;
}

/** The frame of every static information page: head tags, header, title band, content, footer. */
export function InfoPageLayout({ page, title, subtitle, children, figures }: Props) {
  const { t } = useI18n();
  return (
    <>
      <Seo page={page} figures={figures} />
      <SkipLink />
      <InfoHeader />
      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <div className="bg-gradient-to-b from-navy-900 to-navy-800 text-cream-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
            {subtitle ? (
              <p className="mt-3 max-w-2xl text-lg text-pretty text-cream-200">{subtitle}</p>
            ) : null}
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
        <div className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded font-semibold text-navy-700 underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t.common.backToHome}
          </Link>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
