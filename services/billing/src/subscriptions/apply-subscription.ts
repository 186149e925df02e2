import type { PlanType } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import { recordFailure, saveCard } from '../payments/payment-commands.js';
import { paymentDecider } from '../payments/payment-decider.js';
import {
  cardOfPaymentIntent,
  chargeOf,
  isoOf,
  type AttemptFailure,
  type SubscriptionRef,
} from '../provider/views.js';
import {
  customerStreamId,
  invoicePaymentId,
  paymentStreamId,
  subscriptionStreamId,
} from '../shared/ids.js';
import { planName } from '@mia/catalog';
import { decideIn, type Session } from '../shared/transact.js';
import {
  expectedPlanCharge,
  isPlanChargeMismatched,
  planInvoiceChargeOf,
} from './plan-invoice-terms.js';
import { subscriptionDecider, type SubscriptionState } from './subscription-decider.js';
import type { InvoiceFacts, SubscriptionFacts } from './subscription-facts.js';
import { teamOfSubscription } from '../teams/provider-team.js';
import { teamPlanLabel } from '../teams/team-plan-label.js';

/**
 * The customer stream follows the subscription: pending until paid, active, ended. A team's
 * plan is not the buyer's own (ADR 0020): it never counts for the "one personal plan" rule, nor
 * is it the plan the customer's self-service buttons manage.
 */
async function noteOnCustomer(
  billing: Billing,
  session: Session,
  ref: SubscriptionRef,
  state: SubscriptionState,
  plan: PlanType,
): Promise<void> {
  if (state.team) return;
  await decideIn(billing, session, customerStreamId(ref.userId), customerDecider, {
    kind: 'note-subscription',
    userId: ref.userId,
    subscriptionId: ref.subscriptionId,
    plan: state.plan ?? plan,
    state: state.ended ? 'ended' : state.activated ? 'active' : 'pending',
  });
}

/** Brings the subscription (and the customer's view of it) to the provider's current state. */
export async function applySubscription(
  billing: Billing,
  session: Session,
  facts: SubscriptionFacts,
): Promise<SubscriptionState> {
  const { ref, view } = facts;
  const { state } = await decideIn(
    billing,
    session,
    subscriptionStreamId(ref.subscriptionId),
    subscriptionDecider,
    { kind: 'sync', subscriptionId: ref.subscriptionId, userId: ref.userId, provider: view },
  );
  await noteOnCustomer(billing, session, ref, state, view.plan);
  return state;
}

/**
 * The one apply for a subscription invoice, as the provider holds it now: a paid one is a
 * PaymentSucceeded (once per invoice) and an activation or renewal; `reported` is a failed
 * attempt a webhook announced. The subscription then converges on the provider's state.
 */
export async function applyInvoice(
  billing: Billing,
  session: Session,
  facts: InvoiceFacts,
  reported?: AttemptFailure | null,
): Promise<{ paymentId: string; subscription: SubscriptionState; underReview: boolean }> {
  const { invoice, ref, view, pi, subscription: providerSubscription } = facts;
  const paymentId = invoicePaymentId(invoice.id);
  // A team's invoice names the team and the seats it pays for (the history is in Spanish, as
  // plan names are).
  const team = teamOfSubscription(providerSubscription);
  const purpose = {
    kind: 'subscription' as const,
    subscriptionId: ref.subscriptionId,
    plan: view.plan,
  };
  const payment = {
    paymentId,
    userId: ref.userId,
    purpose,
    amountCents: invoice.amount_due,
    currency: invoice.currency,
  };
  if (reported) await recordFailure(billing, session, payment, reported);

  let subscription: SubscriptionState | undefined;
  let underReview = false;
  if (invoice.status === 'paid') {
    // Checked against the plan's price: other money is PaymentMismatched and renews nothing.
    const charge = planInvoiceChargeOf(
      invoice,
      providerSubscription,
      view.plan,
      await billing.catalog.plan(view.plan, session.tx),
    );
    if (invoice.amount_paid > 0 || isPlanChargeMismatched(charge)) {
      const receiptCharge = pi ? chargeOf(pi) : null;
      const card = pi ? cardOfPaymentIntent(pi) : null;
      const paid = await decideIn(billing, session, paymentStreamId(paymentId), paymentDecider, {
        kind: 'succeed',
        payment: {
          ...payment,
          amountCents: invoice.amount_paid,
          provider: billing.provider.name,
          providerPaymentId: pi?.id ?? invoice.id,
          description: team ? teamPlanLabel(team, 'es') : planName(view.plan),
          paidAt: isoOf(invoice.status_transitions.paid_at ?? invoice.created),
          cardLast4: card?.last4 ?? null,
          cardBrand: card?.brand ?? null,
        },
        receiptUrl: receiptCharge?.receipt_url ?? null,
        expected: expectedPlanCharge(charge),
      });
      underReview = paid.state.mismatched !== null && paid.state.succeeded === null;
      await saveCard(billing, session, ref.userId, card);
    }
    subscription = (
      await decideIn(
        billing,
        session,
        subscriptionStreamId(ref.subscriptionId),
        subscriptionDecider,
        {
          kind: 'invoice-paid',
          subscriptionId: ref.subscriptionId,
          userId: ref.userId,
          invoiceId: invoice.id,
          firstInvoice: invoice.billing_reason === 'subscription_create',
          provider: view,
          charge,
        },
      )
    ).state;
    await noteOnCustomer(billing, session, ref, subscription, view.plan);
  } else {
    subscription = await applySubscription(billing, session, facts);
  }
  return { paymentId, subscription, underReview };
}
