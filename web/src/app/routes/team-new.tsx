import type { CreateTeamResponse } from '@mia/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { billingOverviewQueryKey } from '@/features/billing/api/billing-overview';
import { PayWithClientSecret } from '@/features/billing/components/pay-with-client-secret';
import { CatalogError, CatalogSkeleton } from '@/features/catalog/components/catalog-state';
import { useCatalog } from '@/features/catalog/use-catalog';
import { dashboardQueryKey } from '@/features/dashboard/api/dashboard';
import { teamsQueryKey } from '@/features/teams/api/teams';
import { TeamOrderSummary } from '@/features/teams/components/team-order-summary';
import { TeamPlanForm, type TeamOrder } from '@/features/teams/components/team-plan-form';
import { PurchaseFrame } from './purchase-frame';

/**
 * /equipos/nuevo: the church's details and seats (teams), then the same payment form as a plan's
 * checkout (billing) with the secret POST /api/teams returned.
 */
export default function TeamNewRoute() {
  const { t } = useI18n();
  const copy = t.teams.purchase;
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const catalog = useCatalog();
  const [order, setOrder] = useState<TeamOrder | undefined>();
  const [payment, setPayment] = useState<CreateTeamResponse | null>(null);

  const onPaid = () => {
    for (const queryKey of [dashboardQueryKey, billingOverviewQueryKey, teamsQueryKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  let content;
  if (payment && order) {
    content = (
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TeamOrderSummary
          order={order}
          amountCents={payment.amountCents}
          onChange={() => setPayment(null)}
        />
        <PayWithClientSecret
          key={payment.clientSecret}
          clientSecret={payment.clientSecret}
          amountCents={payment.amountCents}
          defaultEmail={user?.email ?? ''}
          onPaid={onPaid}
          successText={copy.paid}
        />
      </div>
    );
  } else if (catalog.view) {
    content = (
      <div className="max-w-2xl">
        <TeamPlanForm
          view={catalog.view}
          initial={order}
          onCreated={(created, answer) => {
            setOrder(created);
            setPayment(answer);
          }}
        />
      </div>
    );
  } else if (catalog.isError) content = <CatalogError onRetry={catalog.retry} />;
  else content = <CatalogSkeleton cards={1} className="max-w-md" />;

  return (
    <PurchaseFrame page="teamNew" heading={copy.heading} intro={copy.intro}>
      {content}
    </PurchaseFrame>
  );
}
