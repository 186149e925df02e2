import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { Card } from '@/components/ui/card';
import { billingOverviewQueryKey } from '@/features/billing/api/billing-overview';
import { dashboardQueryKey } from '@/features/dashboard/api/dashboard';
import { TrialStarter } from '@/features/trial/components/trial-starter';

/** /start-trial: signed in (the guard), starts the 3-day trial and moves on. */
export default function StartTrialRoute() {
  const queryClient = useQueryClient();
  const onStarted = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    void queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey });
  }, [queryClient]);
  return (
    <>
      <Seo page="startTrial" />
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
        className="mx-auto flex min-h-[70vh] max-w-xl items-center px-4 py-12 outline-none sm:px-6"
      >
        <Card className="w-full px-6 py-10">
          <TrialStarter onStarted={onStarted} />
        </Card>
      </main>
    </>
  );
}
