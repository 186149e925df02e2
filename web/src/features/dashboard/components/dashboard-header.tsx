import { HelpCircle, LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useLogout } from '@/lib/session';

/** Welcome line with the user's name, Support, and a working Sign Out (spec section 2). */
export function DashboardHeader({ name }: { name: string }) {
  const { t } = useI18n();
  const logout = useLogout({ to: paths.home });

  const signOut = () =>
    logout.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t.toasts.logoutFailed,
          description: errorText(error),
        }),
    });

  return (
    <header className="border-b border-cream-300/60 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitch />
          <Button asChild variant="outline" size="sm">
            <Link to={paths.support}>
              <HelpCircle aria-hidden="true" />
              {t.dashboard.support}
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={signOut} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            {logout.isPending ? t.dashboard.signingOut : t.dashboard.signOut}
          </Button>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-4 sm:px-6">
        <h1 className="text-2xl font-bold text-navy-900" data-testid="welcome">
          {t.dashboard.welcome(name)}
        </h1>
      </div>
    </header>
  );
}
