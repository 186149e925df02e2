import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';

/**
 * The sign-in guard of the private routes: a spinner while the user loads, /auth when there is
 * none (a failed check counts as none), otherwise the page.
 */
export function RequireAuth() {
  const { t } = useI18n();
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <PageSpinner label={t.guard.checking} />;
  if (!user) return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
