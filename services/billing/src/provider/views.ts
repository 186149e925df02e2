import type Stripe from 'stripe';
import { productRefSchema } from '@mia/contracts';
import {
  subscriptionStatusSchema,
  type SubscriptionEndedV1Data,
  type SubscriptionStatus,
} from '@mia/contracts';
import { z } from 'zod';
import type { ProviderSubscriptionView } from '../subscriptions/subscription-decider.js';
import { planOfPrice } from './prices.js';

// Pure readings of provider objects: what billing's commands are made of.

export const isoOf = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

export const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

const uuid = z.uuid();

/** Our ids on a tool purchase's PaymentIntent (billing wrote them when it created it). */
export interface PurchaseRef {
  paymentId: string;
  userId: string;
  productId: string;
}

export function purchaseRefOf(pi: Pick<Stripe.PaymentIntent, 'metadata'>): PurchaseRef | null {
  const { paymentId, userId, productId } = pi.metadata ?? {};
  if (!uuid.safeParse(paymentId).success || !uuid.safeParse(userId).success) return null;
  // The form only: whether the catalogue holds it is the caller's question (applyPurchase).
  if (!productId || !productRefSchema.safeParse(productId).success) return null;
  return { paymentId: paymentId!, userId: userId!, productId };
}

/** Our ids on a subscription (billing wrote them when it created it). */
export interface SubscriptionRef {
  subscriptionId: string;
  userId: string;
}

export function subscriptionRefOf(
  metadata: Stripe.Metadata | null | undefined,
): SubscriptionRef | null {
  const { subscriptionId, userId } = metadata ?? {};
  if (!uuid.safeParse(subscriptionId).success || !uuid.safeParse(userId).success) return null;
  return { subscriptionId: subscriptionId!, userId: userId! };
}

const END_REASONS: Record<string, SubscriptionEndedV1Data['reason']> = {
  cancellation_requested: 'canceled',
  payment_failed: 'payment_failed',
  payment_disputed: 'other',
};

/** A status of the provider's we do not know yet is read as the one that grants nothing new. */
const statusOf = (status: string): SubscriptionStatus => {
  const known = subscriptionStatusSchema.safeParse(status);
  return known.success ? known.data : 'incomplete';
};

/** The subscription as the provider holds it now (its period lives on the items). */
export function subscriptionViewOf(sub: Stripe.Subscription): ProviderSubscriptionView {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Subscription ${sub.id} has no items`);
  const reason = sub.cancellation_details?.reason;
  return {
    plan: planOfPrice(item.price),
    status: statusOf(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    currentPeriodEnd: isoOf(item.current_period_end),
    endedAt: sub.ended_at ? isoOf(sub.ended_at) : null,
    endReason:
      sub.status === 'incomplete_expired'
        ? 'payment_failed'
        : ((reason && END_REASONS[reason]) ?? 'other'),
  };
}

export interface CardView {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

function cardFrom(
  card:
    | {
        brand?: string | null;
        last4?: string | null;
        exp_month?: number | null;
        exp_year?: number | null;
      }
    | null
    | undefined,
): CardView | null {
  if (!card?.brand || !card.last4 || !card.exp_month || !card.exp_year) return null;
  if (!/^\d{4}$/.test(card.last4)) return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

export const cardOfPaymentMethod = (
  pm: string | Stripe.PaymentMethod | null | undefined,
): CardView | null => (pm && typeof pm === 'object' ? cardFrom(pm.card) : null);

/** The charge of a PaymentIntent retrieved with `expand: ['latest_charge', 'payment_method']`. */
export const chargeOf = (pi: Stripe.PaymentIntent): Stripe.Charge | null =>
  pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;

/** The card that paid (or tried to pay) a PaymentIntent. */
export function cardOfPaymentIntent(pi: Stripe.PaymentIntent): CardView | null {
  return (
    cardOfPaymentMethod(pi.payment_method) ??
    cardFrom(chargeOf(pi)?.payment_method_details?.card ?? null)
  );
}

/** A failed attempt as the provider reports it: what to show and how to tell it from another. */
export interface AttemptFailure {
  attempt: string;
  code: string;
  message: string;
  failedAt: string;
}

export function failureOfPaymentIntent(pi: Stripe.PaymentIntent, now: Date): AttemptFailure | null {
  const error = pi.last_payment_error;
  if (!error) return null;
  const charge = idOf(error.charge as string | { id: string } | undefined);
  const code = error.decline_code ?? error.code ?? 'card_error';
  const message = error.message ?? 'El pago fue rechazado.';
  const chargeObject = chargeOf(pi);
  const failedAt =
    chargeObject && chargeObject.id === charge ? isoOf(chargeObject.created) : now.toISOString();
  return { attempt: charge ?? `${pi.id}:${code}:${message}`, code, message, failedAt };
}

export const PAYMENT_INTENT_EXPAND = ['latest_charge', 'payment_method'];
