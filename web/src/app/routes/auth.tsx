import { Navigate } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useI18n } from '@/i18n';

/** /auth and /login: the same screen; a signed-in visitor goes straight to the dashboard. */
export default function AuthRoute() {
  const { t } = useI18n();
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner label={t.guard.checking} />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return (
    <>
      <Seo page="auth" />
      <AuthScreen />
    </>
  );
}
