import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { billingOverviewQueryKey } from '@/features/billing/api/billing-overview';
import { resolveCheckoutItem } from '@/features/billing/checkout-item';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import { InvalidCheckoutItem } from '@/features/billing/components/invalid-checkout-item';
import { CatalogError, CatalogSkeleton } from '@/features/catalog/components/catalog-state';
import { useCatalog } from '@/features/catalog/use-catalog';
import { dashboardQueryKey } from '@/features/dashboard/api/dashboard';

/** /checkout/{plan}: any published tool or plan (default manual-ceremonias); the guard has the user. */
export default function CheckoutRoute() {
  const { t } = useI18n();
  const { plan } = useParams();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const catalog = useCatalog();
  const found = catalog.view ? resolveCheckoutItem(plan, catalog.view.catalog) : undefined;
  // Only a loaded catalogue can say an item is not for sale.
  if (catalog.view && !found) return <InvalidCheckoutItem />;

  const onPaid = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    void queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey });
  };

  return (
    <>
      <Seo page="checkout" />
      <SkipLink />
      <header className="border-b border-cream-300/60 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <LanguageSwitch />
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 sm:py-12"
      >
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-navy-900">
          {t.checkout.heading}
        </h1>
        {found ? (
          <CheckoutPage
            key={found.item.id}
            found={found}
            defaultEmail={user?.email ?? ''}
            onPaid={onPaid}
          />
        ) : catalog.isError ? (
          <CatalogError onRetry={catalog.retry} />
        ) : (
          <CatalogSkeleton cards={1} className="max-w-md" />
        )}
      </main>
    </>
  );
}
