import type { PaymentMethodSetupResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { callProvider } from '../provider/provider-errors.js';

/**
 * A SetupIntent to replace the card on file. The browser confirms it with the provider; its
 * setup_intent.succeeded webhook makes the card the default for renewals.
 */
export async function setUpPaymentMethod(
  billing: Billing,
  payer: Payer,
): Promise<PaymentMethodSetupResponse> {
  const customer = await customerOf(billing, payer);
  const providerCustomerId = await ensureProviderCustomer(billing, payer, customer);
  const setupIntent = await callProvider(() =>
    billing.provider.stripe.setupIntents.create({
      customer: providerCustomerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { userId: payer.userId },
    }),
  );
  return { clientSecret: setupIntent.client_secret!, setupIntentId: setupIntent.id };
}
