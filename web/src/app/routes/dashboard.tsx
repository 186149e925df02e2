import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { useUser } from '@/lib/session';
import { AccessCodeCard } from '@/features/access/components/access-code-card';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import { BillingManagement } from '@/features/billing/components/billing-management';
import { ConnectedApps } from '@/features/connections/components/connected-apps';
import { dashboardQueryKey, useDashboard } from '@/features/dashboard/api/dashboard';
import { AccountSettings } from '@/features/dashboard/components/account-settings';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardError, DashboardLoading } from '@/features/dashboard/components/dashboard-status';
import { PaymentHistory } from '@/features/dashboard/components/payment-history';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { ToolsList } from '@/features/dashboard/components/tools-list';
import { dashboardStats } from '@/features/dashboard/summary';
import { SentGifts } from '@/features/gifts/components/sent-gifts';
import { MyChurch } from '@/features/teams/components/my-church';
import { VerifyEmailBanner } from '@/features/verify-email/components/verify-email-banner';

/** /dashboard: the spec's sections, the access code, billing and, for admins, the admin panel. */
export default function DashboardRoute() {
  // The guard has already loaded the user; this reads the same cached answer.
  const { data: user } = useUser();
  const dashboard = useDashboard(Boolean(user));
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    [queryClient],
  );

  let content;
  if (dashboard.isPending) content = <DashboardLoading />;
  else if (dashboard.isError) content = <DashboardError onRetry={() => void dashboard.refetch()} />;
  else {
    const data = dashboard.data;
    const stats = dashboardStats(data);
    content = (
      <div className="grid grid-cols-1 gap-6">
        <StatCards stats={stats} />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ToolsList data={data} />
          </div>
          <div className="grid grid-cols-1 gap-6">
            <RecentActivity data={data} stats={stats} />
            <AccessCodeCard />
          </div>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          {user ? <MyChurch userId={user.id} /> : null}
          <SentGifts />
        </div>
        <PaymentHistory payments={data.payments} />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <BillingManagement ownsTools={stats.owned > 0} onChanged={refresh} />
          {user ? (
            <AccountSettings
              security={
                <>
                  <TwoFactorSettings user={user} />
                  <ConnectedApps />
                </>
              }
            />
          ) : null}
        </div>
        {user?.role === 'admin' ? (
          <AdminPanel onChanged={refresh} secondFactor={user.twoFactorEnabled} />
        ) : null}
      </div>
    );
  }

  return (
    <>
      <Seo page="dashboard" />
      <SkipLink />
      <DashboardHeader name={dashboard.data?.user.name ?? user?.name ?? ''} />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 sm:py-10"
      >
        {user && !user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}
        {content}
      </main>
    </>
  );
}
