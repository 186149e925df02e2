import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { Button } from '@/components/ui/button';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

/** Header of the information pages: the logo link, a back-to-home button and the language switch. */
export function InfoHeader() {
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b border-cream-300/60 bg-cream-50/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <div className="hidden sm:block">
            <Button asChild variant="outline" size="sm">
              <Link to={paths.home}>
                <ArrowLeft aria-hidden="true" />
                {t.common.backToHome}
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
