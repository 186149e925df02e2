import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useI18n } from '@/i18n';

// The ribbon shows only once billing's config has answered, and reading that answer takes the
// contract schemas and zod (~25 KB): in its own chunk, fetched alongside the request, they stay out
// of the landing page's first download.
const TestModeRibbon = lazy(() =>
  import('@/features/billing/components/test-mode-ribbon').then((module) => ({
    default: module.TestModeRibbon,
  })),
);

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
      <Suspense fallback={null}>
        <TestModeRibbon />
      </Suspense>
      <Suspense fallback={<PageSpinner label={t.common.loading} />}>
        <Outlet />
      </Suspense>
      <LazyToaster />
    </>
  );
}
