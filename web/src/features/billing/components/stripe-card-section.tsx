import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useImperativeHandle, type Ref } from 'react';
import type { Locale } from '@/i18n';
import { intentKindOf } from '@/features/billing/payment/client-secret';
import type { CardSectionHandle, ConfirmOutcome } from '@/features/billing/payment/confirm-outcome';

interface Props {
  publishableKey: string;
  clientSecret: string;
  locale: Locale;
  ref?: Ref<CardSectionHandle>;
}

// One Stripe.js per key for the whole visit, as Stripe recommends (it loads the script once).
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
};

/**
 * With real keys: Stripe's Payment Element, confirmed without a redirect. This module (and
 * Stripe.js with it) is loaded only when a payment form needs it.
 */
export default function StripeCardSection({ publishableKey, clientSecret, locale, ref }: Props) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        locale,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#16254a' } },
      }}
    >
      <PaymentFields clientSecret={clientSecret} ref={ref} />
    </Elements>
  );
}

function PaymentFields({
  clientSecret,
  ref,
}: {
  clientSecret: string;
  ref?: Ref<CardSectionHandle>;
}) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    ref,
    () => ({
      // The Payment Element shows its own field errors and reports them on confirm.
      validate: () => true,
      async confirm(): Promise<ConfirmOutcome> {
        if (!stripe || !elements) return { kind: 'incomplete', status: 'loading' };
        const returnUrl = window.location.href;
        if (intentKindOf(clientSecret) === 'setup') {
          const result = await stripe.confirmSetup({
            elements,
            redirect: 'if_required',
            confirmParams: { return_url: returnUrl },
          });
          if (result.error) return { kind: 'declined', message: result.error.message ?? '' };
          return result.setupIntent.status === 'succeeded'
            ? { kind: 'succeeded', intentId: result.setupIntent.id }
            : { kind: 'incomplete', status: result.setupIntent.status };
        }
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl },
        });
        if (result.error) return { kind: 'declined', message: result.error.message ?? '' };
        return result.paymentIntent.status === 'succeeded'
          ? { kind: 'succeeded', intentId: result.paymentIntent.id }
          : { kind: 'incomplete', status: result.paymentIntent.status };
      },
    }),
    [stripe, elements, clientSecret],
  );

  return <PaymentElement options={{ layout: 'tabs' }} />;
}
