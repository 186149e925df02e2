import { Navigate, useSearchParams } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { safeNextPath } from '@/lib/next-path';
import { useUser } from '@/lib/session';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useI18n } from '@/i18n';

/**
 * /auth and /login: the same screen; a signed-in visitor goes straight to the dashboard, or to
 * `?next=` when that is a page of this site (the OAuth consent page sends people here and back).
 */
export default function AuthRoute() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner label={t.guard.checking} />;
  if (user) return <Navigate to={safeNextPath(search.get('next')) ?? paths.dashboard} replace />;
  return (
    <>
      <Seo page="auth" />
      <AuthScreen />
    </>
  );
}
