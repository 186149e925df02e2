import {
  ArrowLeft,
  BarChart3,
  Gavel,
  LifeBuoy,
  Package,
  Siren,
  TicketPercent,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/session';
import { adminPaths } from '@/features/admin-console/paths';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Only the exact path lights the entry up (the index route). */
  end?: boolean;
}

/**
 * The frame of /admin: its own header and a navigation of the sections, beside the page on a wide
 * screen and a scrolling row above it on a phone. `head` writes the page's (noindex) head tags;
 * `guard` wraps the sections, so a non-admin sees the refusal inside the same frame.
 */
export function AdminLayout({
  head,
  guard,
}: {
  head: ReactNode;
  guard: (content: ReactNode) => ReactNode;
}) {
  const { t } = useI18n();
  // The sections are named only to staff; anyone else gets the guard's refusal alone.
  const { data: user } = useUser();
  const staff = user?.role === 'admin' && user.twoFactorEnabled;
  const nav = t.adminConsole.nav;
  const icon = 'size-4 shrink-0';
  const entries: Entry[] = [
    {
      to: adminPaths.sales,
      label: nav.sales,
      icon: <BarChart3 aria-hidden="true" className={icon} />,
      end: true,
    },
    {
      to: adminPaths.products,
      label: nav.products,
      icon: <Package aria-hidden="true" className={icon} />,
    },
    {
      to: adminPaths.promotions,
      label: nav.promotions,
      icon: <TicketPercent aria-hidden="true" className={icon} />,
    },
    {
      to: adminPaths.customers,
      label: nav.customers,
      icon: <Users aria-hidden="true" className={icon} />,
    },
    {
      to: adminPaths.disputes,
      label: nav.disputes,
      icon: <Gavel aria-hidden="true" className={icon} />,
    },
    {
      to: adminPaths.incidents,
      label: nav.incidents,
      icon: <Siren aria-hidden="true" className={icon} />,
    },
    {
      to: paths.supportStaff,
      label: nav.tickets,
      icon: <LifeBuoy aria-hidden="true" className={icon} />,
    },
  ];
  return (
    <>
      {head}
      <SkipLink />
      <header className="border-b border-cream-300/60 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="hidden text-sm font-semibold text-navy-700 sm:inline">
              {t.adminConsole.title}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Link
              to={paths.dashboard}
              className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }))}
            >
              <ArrowLeft aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t.adminConsole.backToDashboard}</span>
            </Link>
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <div
        className={cn(
          // One shrinkable column on phones: the nav's row scrolls instead of widening the page.
          'mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:py-8',
          staff && 'lg:grid-cols-[14rem_minmax(0,1fr)]',
        )}
      >
        {staff ? (
          <nav
            aria-label={t.adminConsole.navLabel}
            data-testid="admin-console-nav"
            className="min-w-0"
          >
            <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:grid lg:overflow-visible lg:px-0">
              {entries.map((entry) => (
                <li key={entry.to} className="shrink-0">
                  <NavLink
                    to={entry.to}
                    end={entry.end}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-3 focus-visible:outline-gold-500',
                        isActive ? 'bg-navy-900 text-cream-50' : 'text-navy-800 hover:bg-cream-100',
                      )
                    }
                  >
                    {entry.icon}
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id={MAIN_ID} tabIndex={-1} className="grid min-w-0 content-start gap-6 outline-none">
          {guard(<Outlet />)}
        </main>
      </div>
    </>
  );
}

/** A section's h1 and the sentence under it, with room for its main action. */
export function SectionHeading({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1.5">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="text-navy-700">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}
