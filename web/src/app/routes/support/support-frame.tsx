import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface Props {
  /** The page's head tags. */
  head: ReactNode;
  back: { to: string; label: string };
  /** A second way on, beside the way back (the chat <-> the ticket centre). */
  aside?: { to: string; label: string; icon: ReactNode };
  /** A reading width for one ticket; the lists and the chat use the full width. */
  narrow?: boolean;
  children: ReactNode;
}

/** The frame of the support pages: logo and language, the way back, then the page. */
export function SupportFrame({ head, back, aside, narrow = false, children }: Props) {
  return (
    <>
      {head}
      <SkipLink />
      <header className="border-b border-cream-300/60 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <LanguageSwitch />
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className={cn(
          'mx-auto grid gap-6 px-4 py-6 outline-none sm:px-6 sm:py-8',
          narrow ? 'max-w-3xl' : 'max-w-6xl',
        )}
      >
        <nav className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={back.to}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3')}
          >
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
          {aside ? (
            <Link to={aside.to} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {aside.icon}
              {aside.label}
            </Link>
          ) : null}
        </nav>
        {children}
      </main>
    </>
  );
}

/** A page's h1 and the sentence under it. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="grid gap-1.5">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
      {subtitle ? <p className="text-navy-700">{subtitle}</p> : null}
    </div>
  );
}
