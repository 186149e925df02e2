import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { errorCode } from '@/lib/error-code';
import { useBillingConfig } from '@/features/billing/api/billing-config';
import { useCheckoutIntent } from '@/features/billing/api/checkout-intent';
import type { CheckoutItem } from '@/features/billing/checkout-item';
import { CheckoutForm } from './checkout-form';
import { CheckoutSummary } from './checkout-summary';
import { PromotionCodeField } from './promotion-code-field';

interface Props {
  found: CheckoutItem;
  defaultEmail: string;
  onPaid: () => void;
}

/**
 * Spec section 4: prepare the intent (tool) or subscription (plan), show the form, confirm with
 * the provider without a redirect, then have billing record it.
 */
export function CheckoutPage({ found, defaultEmail, onPaid }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const config = useBillingConfig();
  const intent = useCheckoutIntent(found);
  const failure = config.error ?? intent.error;

  useEffect(() => {
    if (!failure) return;
    toast({
      variant: 'destructive',
      title: t.checkout.setupError,
      description:
        errorCode(failure) === 'plan_checkout_pending'
          ? t.billing.pastDue.checkoutPending
          : errorText(failure),
    });
    navigate(paths.dashboard, { replace: true });
  }, [failure, navigate, t]);

  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-4">
        <CheckoutSummary found={found} />
        <PromotionCodeField found={found} onFree={onPaid} />
      </div>
      <Card>
        <CardContent className="pt-6">
          {config.data && intent.data ? (
            <CheckoutForm
              config={config.data}
              clientSecret={intent.data.clientSecret}
              amountCents={intent.data.amountCents}
              defaultEmail={defaultEmail}
              onPaid={onPaid}
            />
          ) : (
            <div className="flex min-h-60 items-center justify-center gap-3 text-navy-800">
              <Spinner label={t.checkout.settingUp} />
              <span aria-hidden="true">{t.checkout.settingUp}</span>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
