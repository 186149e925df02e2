import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { chargePaymentIntent } from './payments.js';
import { paymentIntentOf, settleInvoice } from './invoices.js';
import { modifySubscription, type UpdateSubscriptionInput } from './subscription-changes.js';
import { collectionPaymentMethod, updateSubscription } from './subscription-status.js';

/** How long Stripe keeps a change pending before dropping it (23 hours). */
const PENDING_UPDATE_SECONDS = 23 * 60 * 60;

/**
 * The customer balance a declined change's invoice used goes back to the customer. Stripe gives
 * it back when it voids the invoice, as the pending update expires (23 h later); the sandbox at
 * once, since billing never pays that invoice and nothing else may use the credit meanwhile.
 */
function giveBackCredit(core: Core, invoice: Stripe.Invoice): void {
  const used = (invoice.ending_balance ?? 0) - (invoice.starting_balance ?? 0);
  if (used === 0) return;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const customer = customerId ? core.state.customers.get(customerId) : undefined;
  if (customer) customer.balance = (customer.balance ?? 0) - used;
}

/**
 * `payment_behavior=pending_if_incomplete` on POST /v1/subscriptions/:id, as Stripe does it:
 * the change is invoiced and charged at once; paid, it applies; declined, the subscription stays
 * as it was (no past_due, no dunning), the change waits in `pending_update` and the invoice stays
 * open as `latest_invoice` with the decline on its PaymentIntent. Paying that invoice later does
 * not apply the change here (Stripe would); billing never pays it.
 */
export function modifyWithPendingUpdate(
  core: Core,
  sub: Stripe.Subscription,
  input: UpdateSubscriptionInput,
): Stripe.Subscription {
  const before = structuredClone(sub);
  const prorationBefore = core.state.pendingProration.get(sub.id);
  let declined: Stripe.Invoice | null = null;

  modifySubscription(core, sub, input, (c, invoice) => {
    const pmId = collectionPaymentMethod(c, sub);
    const paymentMethod = pmId ? c.state.paymentMethods.get(pmId) : undefined;
    const pi = paymentIntentOf(c, invoice);
    if (paymentMethod && pi) {
      const result = chargePaymentIntent(c, pi, paymentMethod);
      if (result.ok) {
        settleInvoice(c, invoice, pi, result, 'on_session');
        return;
      }
    }
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = null;
    c.emit('invoice.payment_failed', invoice);
    declined = invoice;
  });

  const invoice = declined as Stripe.Invoice | null;
  if (invoice) giveBackCredit(core, invoice);
  if (!invoice) {
    // Paid (or nothing to pay): an older change still pending is superseded.
    if (sub.pending_update) {
      updateSubscription(core, sub, (s) => {
        s.pending_update = null;
      });
    }
    return sub;
  }
  const changedItems = sub.items.data.map((item) => ({
    id: item.id,
    price: item.price.id,
    quantity: item.quantity ?? 1,
  }));
  if (prorationBefore === undefined) core.state.pendingProration.delete(sub.id);
  else core.state.pendingProration.set(sub.id, prorationBefore);
  updateSubscription(core, sub, (s) => {
    Object.assign(s, before, {
      latest_invoice: invoice.id,
      pending_update: {
        billing_cycle_anchor: null,
        expires_at: core.clock.now() + PENDING_UPDATE_SECONDS,
        subscription_items: changedItems as unknown as Stripe.SubscriptionItem[],
        trial_end: null,
        trial_from_plan: null,
      },
    });
  });
  return sub;
}
