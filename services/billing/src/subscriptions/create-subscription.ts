import type Stripe from 'stripe';
import type { CreateSubscriptionResponse, PlanType } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import {
  customerDecider,
  pendingSubscriptionOf,
  type CustomerState,
} from '../customers/customer-decider.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { INVALID_PRODUCT } from '../payments/create-payment-intent.js';
import { namesPlan, planName } from '@mia/catalog';
import { callProvider } from '../provider/provider-errors.js';
import { customerStreamId, subscriptionStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { firstInvoiceAmounts, redeemForPlan } from '../promotions/plan-promotion.js';
import { applySubscription } from './apply-subscription.js';
import { subscriptionDecider } from './subscription-decider.js';
import { factsOf } from './subscription-facts.js';

const EXPAND = ['latest_invoice.confirmation_secret'];

/** The first invoice's client secret, while it can still be paid. */
function firstInvoiceSecret(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (sub.status !== 'incomplete' || !invoice || typeof invoice === 'string') return null;
  if (invoice.status !== 'open') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Starts (or resumes) a plan's checkout: `priceId` is the catalogue's plan id as the page sends
 * it and must name the plan of `planType`; the provider's price is resolved here. The
 * subscription waits for its first invoice (`default_incomplete`); its confirmation secret is
 * what the browser confirms. An unpaid subscription of the same plan is resumed, not repeated;
 * one of the other plan refuses the checkout (409) until it is paid or expires.
 */
export async function createSubscription(
  billing: Billing,
  payer: Payer,
  request: { priceId: string; planType: PlanType; promotionCode?: string | undefined },
  restarts = 1,
): Promise<CreateSubscriptionResponse> {
  const plan = await billing.catalog.plan(request.planType);
  if (!namesPlan(request.priceId, plan.planType)) {
    throw new DomainError('invalid', 'invalid_plan', INVALID_PRODUCT, {
      detail: `${request.priceId} no es el ${planName(plan.planType)}.`,
    });
  }
  const { userId } = payer;
  // Unpaid checkouts of the other plan are re-read first: one paid or expired meanwhile is
  // recorded, so the rule below decides on what the provider holds now.
  const unpayable = await refreshOtherPending(
    billing,
    await customerOf(billing, payer),
    plan.planType,
  );
  const customer = await customerOf(billing, payer);
  const open = (subscriptionId: string) =>
    ({
      kind: 'open-subscription',
      userId,
      subscriptionId,
      plan: plan.planType,
      unpayable,
    }) as const;
  // Refused here already (an active subscription), before anything is asked of the provider.
  customerDecider.decide(open(billing.newId()), customer, {
    now: billing.clock(),
    newId: billing.newId,
  });
  const [providerCustomerId, price] = await Promise.all([
    ensureProviderCustomer(billing, payer, customer),
    billing.prices.priceFor(plan.planType),
  ]);

  const { subscriptionId, promotion } = await transact(billing, async (session) => {
    const opened = await decideIn(
      billing,
      session,
      customerStreamId(userId),
      customerDecider,
      open(billing.newId()),
    );
    const id = pendingSubscriptionOf(opened.state, plan.planType)!;
    await decideIn(billing, session, subscriptionStreamId(id), subscriptionDecider, {
      kind: 'open',
      subscriptionId: id,
      userId,
      plan: plan.planType,
    });
    const promotion = await redeemForPlan(billing, session, {
      code: request.promotionCode,
      subscriptionId: id,
      userId,
      amountCents: plan.priceCents,
      customer: opened.state,
    });
    return { subscriptionId: id, promotion };
  });

  const { stripe } = billing.provider;
  const { state } = await billing.commands.load(
    subscriptionStreamId(subscriptionId),
    subscriptionDecider,
  );
  if (state.providerSubscriptionId) {
    const existing = await callProvider(() =>
      stripe.subscriptions.retrieve(state.providerSubscriptionId!, { expand: EXPAND }),
    );
    const secret = firstInvoiceSecret(existing);
    if (secret) {
      return {
        clientSecret: secret,
        subscriptionId: existing.id,
        ...firstInvoiceAmounts(existing),
      };
    }
    // Paid meanwhile (then the refusal follows) or expired: record what the provider says and
    // start again from the customer's current state.
    const facts = factsOf(existing);
    if (facts) await transact(billing, (session) => applySubscription(billing, session, facts));
    if (restarts <= 0) throw new Error(`Checkout of subscription ${subscriptionId} is stuck`);
    return createSubscription(billing, payer, request, restarts - 1);
  }

  const created = await callProvider(() =>
    stripe.subscriptions.create(
      {
        customer: providerCustomerId,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: {
          save_default_payment_method: 'on_subscription',
          payment_method_types: ['card'],
        },
        metadata: { userId, subscriptionId, plan: plan.planType },
        ...(promotion.providerPromotionCodeId
          ? { discounts: [{ promotion_code: promotion.providerPromotionCodeId }] }
          : {}),
        expand: EXPAND,
      },
      { idempotencyKey: `subscription-${subscriptionId}` },
    ),
  );
  await billing.commands.handle(subscriptionStreamId(subscriptionId), subscriptionDecider, {
    kind: 'link-provider',
    subscriptionId,
    providerSubscriptionId: created.id,
  });
  const secret = firstInvoiceSecret(created);
  // A 100 % code: the first invoice was paid at once for nothing; its invoice.paid records it.
  if (!secret && created.status !== 'active') {
    throw new Error(`Subscription ${created.id} has no first invoice to confirm`);
  }
  return {
    clientSecret: secret ?? '',
    subscriptionId: created.id,
    ...firstInvoiceAmounts(created),
  };
}

/**
 * Brings every unpaid subscription of another plan to the provider's current state; answers
 * those never created at the provider (their creation failed), which nobody can pay.
 */
async function refreshOtherPending(
  billing: Billing,
  customer: CustomerState,
  plan: PlanType,
): Promise<string[]> {
  const unpayable: string[] = [];
  const others = Object.entries(customer.subscriptions)
    .filter(([, s]) => s.state === 'pending' && s.plan !== plan)
    .map(([id]) => id);
  for (const id of others) {
    const { state } = await billing.commands.load(subscriptionStreamId(id), subscriptionDecider);
    if (!state.providerSubscriptionId) {
      unpayable.push(id);
      continue;
    }
    const providerId = state.providerSubscriptionId;
    const existing = await callProvider(() =>
      billing.provider.stripe.subscriptions.retrieve(providerId),
    );
    const facts = factsOf(existing);
    if (facts) await transact(billing, (session) => applySubscription(billing, session, facts));
  }
  return unpayable;
}
