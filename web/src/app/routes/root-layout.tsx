import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { TestModeRibbon } from '@/features/billing/components/test-mode-ribbon';
import { useI18n } from '@/i18n';

/** A new page starts at its top, unless the link points at a section ('/#pricing'). */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function RootLayout() {
  const { t } = useI18n();
  useScrollToTopOnNavigation();
  return (
    <>
      <TestModeRibbon />
      <Suspense fallback={<PageSpinner label={t.common.loading} />}>
        <Outlet />
      </Suspense>
      <LazyToaster />
    </>
  );
}
