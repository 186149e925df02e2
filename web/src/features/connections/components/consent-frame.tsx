import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Card, CardContent } from '@/components/ui/card';

/** The consent page's frame: the sign-in page's look, so the step reads as part of signing in. */
export function ConsentFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-cream-100 to-cream-50">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Logo />
        <LanguageSwitch />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-md flex-1 px-4 py-6 outline-none sm:py-10"
      >
        <Card data-testid="oauth-consent">
          <CardContent className="grid gap-5 pt-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
