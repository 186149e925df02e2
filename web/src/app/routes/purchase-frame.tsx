import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import type { PageKey } from '@/config/paths';

interface Props {
  page: PageKey;
  heading: string;
  intro?: string;
  children: ReactNode;
}

/** The frame of a page that ends in a payment (a team's plan, a gift), as the checkout's. */
export function PurchaseFrame({ page, heading, intro, children }: Props) {
  return (
    <>
      <Seo page={page} />
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
        className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 sm:py-12"
      >
        <h1 className="text-3xl font-bold tracking-tight text-navy-900">{heading}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-lg text-navy-700">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
    </>
  );
}
