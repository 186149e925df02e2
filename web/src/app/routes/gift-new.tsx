import type { CreateGiftResponse } from '@mia/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { billingOverviewQueryKey } from '@/features/billing/api/billing-overview';
import { PayWithClientSecret } from '@/features/billing/components/pay-with-client-secret';
import { CatalogError, CatalogSkeleton } from '@/features/catalog/components/catalog-state';
import { useCatalog } from '@/features/catalog/use-catalog';
import { dashboardQueryKey } from '@/features/dashboard/api/dashboard';
import { giftsQueryKey } from '@/features/gifts/api/gifts';
import { GiftForm, type GiftOrder } from '@/features/gifts/components/gift-form';
import { GiftSummary } from '@/features/gifts/components/gift-summary';
import { resolveGift } from '@/features/gifts/gift-item';
import { PurchaseFrame } from './purchase-frame';

/**
 * /regalar?producto=<id> or ?plan=monthly|annual: the recipient, message and day (gifts), then
 * the checkout's payment form (billing) with the secret POST /api/gifts returned.
 */
export default function GiftNewRoute() {
  const { t } = useI18n();
  const copy = t.gifts.purchase;
  const [search] = useSearchParams();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const catalog = useCatalog();
  const [order, setOrder] = useState<GiftOrder | undefined>();
  const [payment, setPayment] = useState<CreateGiftResponse | null>(null);
  const choice = catalog.view ? resolveGift(search, catalog.view, t.catalog.plans) : undefined;

  const onPaid = () => {
    for (const queryKey of [dashboardQueryKey, billingOverviewQueryKey, giftsQueryKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  let content;
  if (catalog.view && !choice) {
    content = (
      <p role="alert" className="font-medium text-red-800">
        {copy.invalid}
      </p>
    );
  } else if (choice) {
    content = (
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid gap-4">
          <GiftSummary choice={choice} />
          {payment && order ? (
            <p className="break-all text-navy-700">
              {copy.summary(choice.name, order.recipientEmail)}{' '}
              <button
                type="button"
                className="rounded font-semibold text-navy-700 underline underline-offset-4"
                onClick={() => setPayment(null)}
              >
                {copy.change}
              </button>
            </p>
          ) : null}
        </div>
        {payment ? (
          <PayWithClientSecret
            key={payment.clientSecret}
            clientSecret={payment.clientSecret}
            amountCents={payment.amountCents}
            defaultEmail={user?.email ?? ''}
            onPaid={onPaid}
            successText={order ? copy.paid(order.recipientEmail) : undefined}
          />
        ) : (
          <GiftForm
            choice={choice}
            initial={order}
            onCreated={(created, answer) => {
              setOrder(created);
              setPayment(answer);
            }}
          />
        )}
      </div>
    );
  } else if (catalog.isError) content = <CatalogError onRetry={catalog.retry} />;
  else content = <CatalogSkeleton cards={1} className="max-w-md" />;

  return (
    <PurchaseFrame page="giftNew" heading={copy.heading} intro={copy.intro}>
      {content}
    </PurchaseFrame>
  );
}
