import type { PaymentMethodConfirmResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { activeSubscriptionOf, customerDecider } from '../customers/customer-decider.js';
import type { Payer } from '../customers/provider-customer.js';
import { saveCard } from '../payments/payment-commands.js';
import { callProvider, isMissing, isStripeError } from '../provider/provider-errors.js';
import { cardOfPaymentMethod, idOf } from '../provider/views.js';
import { customerStreamId, subscriptionStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applyInvoice, applySubscription } from './apply-subscription.js';
import { planView } from './manage-subscription.js';
import { subscriptionDecider } from './subscription-decider.js';
import { factsOf, loadInvoiceFacts } from './subscription-facts.js';

const NO_SETUP = 'No encontramos esa tarjeta nueva.';
const isInvalidRequest = (error: unknown) => isStripeError(error) && error.statusCode === 400;
/** Statuses whose open invoice a new card pays at once. */
const OWING: readonly Stripe.Subscription.Status[] = ['past_due', 'unpaid'];

/**
 * After the browser confirmed a SetupIntent from POST /api/billing/payment-method: the card
 * becomes the default for the customer and the plan now (the setup_intent.succeeded webhook
 * says the same later and changes nothing), and a plan that is past due has its open invoice
 * paid with it here, so access is restored at once instead of at the provider's next retry.
 * A declined card answers 402 with the provider's message.
 */
export async function confirmPaymentMethod(
  billing: Billing,
  payer: Payer,
  setupIntentId: string,
): Promise<PaymentMethodConfirmResponse> {
  const { stripe } = billing.provider;
  const { userId } = payer;
  // An id that is not a SetupIntent of this account is the caller's mistake, not ours.
  const si = await callProvider(() =>
    stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }),
  ).catch((error: unknown) => {
    if (isMissing(error) || isInvalidRequest(error)) {
      throw new DomainError('not_found', 'setup_not_found', NO_SETUP);
    }
    throw error;
  });
  const { state: customer } = await billing.commands.load(
    customerStreamId(userId),
    customerDecider,
  );
  const paymentMethod = idOf(si.payment_method);
  const customerId = idOf(si.customer);
  if (
    si.metadata?.userId !== userId ||
    !customerId ||
    customer.providerCustomerId !== customerId ||
    !paymentMethod
  ) {
    throw new DomainError('not_found', 'setup_not_found', NO_SETUP);
  }
  if (si.status !== 'succeeded') {
    throw new DomainError('conflict', 'setup_incomplete', NO_SETUP);
  }
  await callProvider(() =>
    stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethod },
    }),
  );
  const card = cardOfPaymentMethod(si.payment_method);
  await transact(billing, (session) => saveCard(billing, session, userId, card));

  const active = activeSubscriptionOf(customer);
  if (!active) return { plan: null };
  const { state } = await billing.commands.load(
    subscriptionStreamId(active.subscriptionId),
    subscriptionDecider,
  );
  const providerId = state.providerSubscriptionId;
  if (!providerId) return { plan: null };
  const sub = await callProvider(() =>
    stripe.subscriptions.update(providerId, { default_payment_method: paymentMethod }),
  );
  const openInvoice = idOf(sub.latest_invoice);
  if (OWING.includes(sub.status) && openInvoice) {
    const invoice = await callProvider(() => stripe.invoices.retrieve(openInvoice));
    if (invoice.status === 'open') {
      // Declined: the provider's message as a 402 (the failure's webhook records it).
      await callProvider(() => stripe.invoices.pay(openInvoice, { payment_method: paymentMethod }));
    }
    const facts = await loadInvoiceFacts(billing, openInvoice);
    if (facts) {
      await transact(billing, (session) => applyInvoice(billing, session, facts));
      return { plan: planView(facts) };
    }
  }
  const facts = factsOf(sub);
  if (!facts) return { plan: null };
  await transact(billing, (session) => applySubscription(billing, session, facts));
  return { plan: planView(facts) };
}
