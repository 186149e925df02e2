import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

const MENU_ID = 'mobile-menu';

type NavItem = { label: string; href: string } | { label: string; to: string };

/**
 * Sticky header of the landing page; the mobile menu mirrors the desktop links and toggles. The
 * page passes the signed-in user in, so the header does not need the query cache to render.
 */
export function LandingHeader({ user }: { user: { name: string } | null }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const links: NavItem[] = [
    { href: '#pricing', label: t.nav.pricing },
    { to: paths.features, label: t.nav.features },
    { to: paths.support, label: t.nav.support },
  ];
  const navLinkClass =
    'rounded-md px-3 py-2 text-sm font-medium text-navy-800 hover:bg-navy-50 hover:text-navy-950';

  const account = user ? (
    <>
      <span className="text-sm text-navy-800">{t.nav.welcome(user.name)}</span>
      <Button asChild size="sm">
        <Link to={paths.dashboard} onClick={close}>
          {t.nav.dashboard}
        </Link>
      </Button>
    </>
  ) : (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.auth} onClick={close}>
          {t.nav.signIn}
        </Link>
      </Button>
      <Button asChild variant="accent" size="sm">
        <Link to={paths.auth} onClick={close}>
          {t.nav.getStarted}
        </Link>
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-cream-300/60 bg-cream-50/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <nav aria-label={t.nav.main} className="hidden items-center gap-1 md:flex">
          {links.map((link) =>
            'href' in link ? (
              <a key={link.label} href={link.href} className={navLinkClass}>
                {link.label}
              </a>
            ) : (
              <Link key={link.label} to={link.to} className={navLinkClass}>
                {link.label}
              </Link>
            ),
          )}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch />
          {account}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? t.nav.closeMenu : t.nav.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
      <div
        id={MENU_ID}
        hidden={!open}
        className="border-t border-cream-300/60 bg-cream-50 px-4 pt-2 pb-4 md:hidden"
      >
        <nav aria-label={t.nav.main} className="flex flex-col">
          {links.map((link) =>
            'href' in link ? (
              <a key={link.label} href={link.href} className={navLinkClass} onClick={close}>
                {link.label}
              </a>
            ) : (
              <Link key={link.label} to={link.to} className={navLinkClass} onClick={close}>
                {link.label}
              </Link>
            ),
          )}
        </nav>
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-cream-300/60 pt-3">
          {account}
          <LanguageSwitch className="ml-auto" />
        </div>
      </div>
    </header>
  );
}
