import { attachDiscount, redeemablePromotionCode } from './discounts.js';
import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest } from '../errors.js';
import { newId } from '../ids.js';
import { subscriptionItemObject, subscriptionObject } from '../objects/subscription.js';
import { collectInvoice, issueInvoice, payInvoice } from './invoices.js';
import { paymentDeclined } from './payments.js';
import {
  currentPeriod,
  cycleLine,
  intervalOf,
  periodEndAfter,
  takePendingProration,
} from './subscription-lines.js';
import {
  collectionPaymentMethod,
  endSubscription,
  updateSubscription,
} from './subscription-status.js';

export type PaymentBehavior =
  'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

export interface ItemInput {
  price: Stripe.Price;
  quantity: number;
  metadata: Record<string, string>;
}

export interface CreateSubscriptionInput {
  customer: Stripe.Customer;
  items: ItemInput[];
  paymentBehavior: PaymentBehavior;
  saveDefaultPaymentMethod: 'off' | 'on_subscription' | null;
  paymentMethodTypes: string[] | null;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  description: string | null;
  cancelAtPeriodEnd: boolean;
  /** `discounts[0][promotion_code]`: its coupon applies to the invoices. */
  promotionCode?: string | null;
}

export function createSubscription(
  core: Core,
  input: CreateSubscriptionInput,
): Stripe.Subscription {
  const first = input.items[0];
  if (!first) throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
  const { interval } = intervalOf(first.price);
  for (const item of input.items) {
    if (
      intervalOf(item.price).interval !== interval ||
      item.price.currency !== first.price.currency
    ) {
      throw invalidRequest(
        'All prices on a subscription must have the same currency and interval.',
        'items',
      );
    }
  }
  // Refused before anything is made, as Stripe does.
  if (input.promotionCode) {
    redeemablePromotionCode(core, input.promotionCode, 'discounts[0][promotion_code]');
  }
  const now = core.clock.now();
  const id = newId('sub');
  const periodEnd = periodEndAfter(now, first.price, now);
  const sub = subscriptionObject({
    id,
    created: now,
    customer: input.customer.id,
    currency: first.price.currency,
    items: input.items.map((item) =>
      subscriptionItemObject({
        created: now,
        subscription: id,
        price: item.price,
        quantity: item.quantity,
        periodStart: now,
        periodEnd,
        metadata: item.metadata,
      }),
    ),
    metadata: input.metadata,
    description: input.description,
    defaultPaymentMethod: input.defaultPaymentMethod,
    saveDefaultPaymentMethod: input.saveDefaultPaymentMethod,
    paymentMethodTypes: input.paymentMethodTypes as
      Stripe.Subscription.PaymentSettings.PaymentMethodType[] | null,
    cancelAtPeriodEnd: input.cancelAtPeriodEnd,
  });
  if (input.cancelAtPeriodEnd) {
    sub.cancel_at = periodEnd;
    sub.canceled_at = now;
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'cancellation_requested',
    };
  }
  core.state.subscriptions.set(sub.id, sub);
  if (input.promotionCode) attachDiscount(core, sub, input.promotionCode);

  const invoice = issueInvoice(
    core,
    sub,
    {
      billingReason: 'subscription_create',
      lines: sub.items.data.map((item) => cycleLine(core, item)),
      periodStart: now,
      periodEnd: now,
    },
    (issued) => {
      if (issued.amount_due === 0) sub.status = 'active';
      core.emit('customer.subscription.created', sub);
    },
  );
  if (invoice.status !== 'open' || input.paymentBehavior === 'default_incomplete') return sub;

  // allow_incomplete and error_if_incomplete charge the saved card straight away.
  const pmId = collectionPaymentMethod(core, sub);
  const paymentMethod = pmId ? core.state.paymentMethods.get(pmId) : undefined;
  if (!paymentMethod) {
    if (input.paymentBehavior === 'error_if_incomplete') {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method.',
        undefined,
        'resource_missing',
      );
    }
    return sub;
  }
  const result = payInvoice(core, invoice, paymentMethod, 'on_session');
  if (!result.ok && input.paymentBehavior === 'error_if_incomplete') {
    const pi = core.state.paymentIntents.get(result.charge?.payment_intent as string);
    if (pi) throw paymentDeclined(core, pi, result.failure, result.charge);
  }
  return sub;
}

export function cancelSubscription(
  core: Core,
  sub: Stripe.Subscription,
  comment: string | null,
): Stripe.Subscription {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return sub;
  if (comment !== null && sub.cancellation_details) sub.cancellation_details.comment = comment;
  endSubscription(core, sub, 'cancellation_requested', core.clock.now());
  return sub;
}

/** A period has ended: the next one starts and its invoice is collected from the saved card. */
export function renewSubscription(core: Core, sub: Stripe.Subscription): void {
  const period = currentPeriod(sub);
  const at = period.end;
  updateSubscription(core, sub, (s) => {
    const end = periodEndAfter(s.billing_cycle_anchor, s.items.data[0]!.price, at);
    s.items.data = s.items.data.map((item) => ({
      ...item,
      current_period_start: at,
      current_period_end: end,
    }));
  });
  const invoice = issueInvoice(core, sub, {
    billingReason: 'subscription_cycle',
    lines: [
      ...sub.items.data.map((item) => cycleLine(core, item)),
      ...takePendingProration(core, sub),
    ],
    periodStart: period.start,
    periodEnd: at,
  });
  if (invoice.status === 'open') collectInvoice(core, invoice);
}
