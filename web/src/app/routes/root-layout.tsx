import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/spinner';
import { LazyToaster } from '../../components/ui/lazy-toaster';
import { useI18n } from '../../i18n';

export function RootLayout() {
  const { t } = useI18n();
  return (
    <>
      <Suspense fallback={<PageSpinner label={t.common.loading} />}>
        <Outlet />
      </Suspense>
      <LazyToaster />
      <ScrollRestoration />
    </>
  );
}
