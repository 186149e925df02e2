import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { useUser } from '@/lib/session';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { useI18n } from '@/i18n';

export default function DashboardRoute() {
  const { t } = useI18n();
  // The guard has already loaded the user; this reads the same cached answer.
  const { data: user } = useUser();
  return (
    <>
      <Seo page="dashboard" />
      <SkipLink />
      <DashboardHeader name={user?.name ?? ''} />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-10 outline-none sm:px-6"
      >
        <p className="text-navy-700">{t.dashboard.intro}</p>
      </main>
    </>
  );
}
