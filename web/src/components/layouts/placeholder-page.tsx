import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PageKey } from '@/config/paths';
import { useI18n } from '@/i18n';
import { Seo } from '@/components/seo/seo';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MAIN_ID, SkipLink } from './skip-link';

interface Props {
  page: PageKey;
  title: string;
  back: { to: string; label: string };
  children?: ReactNode;
}

/** A signed-in page whose body another issue builds: title, way back, and a short note. */
export function PlaceholderPage({ page, title, back, children }: Props) {
  const { t } = useI18n();
  return (
    <>
      <Seo page={page} />
      <SkipLink />
      <header className="border-b border-cream-300/60 bg-cream-50">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <Link
              to={back.to}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-navy-800 hover:bg-navy-50"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {back.label}
            </Link>
          </div>
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-3xl px-4 py-12 outline-none sm:px-6"
      >
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
          </CardHeader>
          <CardContent className="space-y-4 text-navy-700">
            {children}
            <p>{t.placeholder.soon}</p>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
