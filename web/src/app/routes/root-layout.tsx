import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { useI18n } from '@/i18n';
import { useAfterFirstPaint } from '@/app/after-first-paint';
import { lazyRoute } from '@/app/lazy-route';

// The ribbon shows only once billing's config has answered, and reading that answer takes the
// query cache, the contract schemas and zod (~35 KB): in their own chunks, fetched once the first
// screen is painted, they stay out of the landing page's first download. It names no catalogue section: its
// texts are in the core.
const TestModeRibbon = lazyRoute(
  () =>
    import('@/features/billing/components/test-mode-ribbon').then((module) => ({
      default: module.TestModeRibbon,
    })),
  [],
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
  const painted = useAfterFirstPaint();
  return (
    <>
      {painted && (
        <Suspense fallback={null}>
          <TestModeRibbon />
        </Suspense>
      )}
      <Suspense fallback={<PageSpinner label={t.common.loading} />}>
        <Outlet />
      </Suspense>
      <LazyToaster />
    </>
  );
}
