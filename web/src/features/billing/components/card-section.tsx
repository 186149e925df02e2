import type { BillingConfigResponse } from '@mia/contracts';
import { lazy, Suspense, type Ref } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n';
import type { CardSectionHandle } from '@/features/billing/payment/confirm-outcome';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React bindings load only with real keys, and only on a page that pays.
const StripeCardSection = lazy(() => import('./stripe-card-section'));

interface Props {
  config: BillingConfigResponse;
  clientSecret: string;
  ref?: Ref<CardSectionHandle>;
}

/** The card fields: the labelled sandbox form without Stripe keys, Stripe's otherwise. */
export function CardSection({ config, clientSecret, ref }: Props) {
  const { t, locale } = useI18n();
  if (config.sandbox) {
    return (
      <SandboxCardForm
        publishableKey={config.publishableKey}
        clientSecret={clientSecret}
        ref={ref}
      />
    );
  }
  return (
    <Suspense fallback={<Spinner label={t.card.stripeLoading} />}>
      <StripeCardSection
        publishableKey={config.publishableKey}
        clientSecret={clientSecret}
        locale={locale}
        ref={ref}
      />
    </Suspense>
  );
}
