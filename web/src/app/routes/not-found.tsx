import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LogoMark } from '@/components/layouts/logo';
import { MAIN_ID } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

export default function NotFoundRoute() {
  const { t } = useI18n();
  return (
    <>
      <Seo page="notFound" />
      <main
        id={MAIN_ID}
        className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center"
      >
        <LogoMark className="size-14" />
        <h1 className="text-3xl font-bold text-navy-900">{t.notFound.title}</h1>
        <p className="text-navy-700">{t.notFound.hint}</p>
        <Button asChild>
          <Link to={paths.home}>
            <ArrowLeft aria-hidden="true" />
            {t.common.backToHome}
          </Link>
        </Button>
      </main>
    </>
  );
}
