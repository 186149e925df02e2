import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n';
import { useBillingConfig } from '@/features/billing/api/billing-config';
import { CheckoutForm } from './checkout-form';

interface Props {
  /** The secret another call prepared (a team's plan, a gift): the card confirms it. */
  clientSecret: string;
  amountCents: number;
  defaultEmail: string;
  onPaid: () => void;
  successText?: string | undefined;
}

/**
 * The checkout's payment form for a payment prepared elsewhere (POST /api/teams, POST /api/gifts):
 * the same card fields, provider confirmation and billing confirmation as a plan's checkout, so
 * every way of paying behaves alike.
 */
export function PayWithClientSecret({
  clientSecret,
  amountCents,
  defaultEmail,
  onPaid,
  successText,
}: Props) {
  const { t } = useI18n();
  const config = useBillingConfig();
  return (
    <Card>
      <CardContent className="pt-6">
        {config.data ? (
          <CheckoutForm
            config={config.data}
            clientSecret={clientSecret}
            amountCents={amountCents}
            defaultEmail={defaultEmail}
            onPaid={onPaid}
            successText={successText}
          />
        ) : config.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {t.checkout.setupError}
          </p>
        ) : (
          <div className="flex min-h-60 items-center justify-center gap-3 text-navy-800">
            <Spinner label={t.checkout.settingUp} />
            <span aria-hidden="true">{t.checkout.settingUp}</span>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
