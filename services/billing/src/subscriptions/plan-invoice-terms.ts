import type Stripe from 'stripe';
import type { PlanType } from '@mia/contracts';
import { isPlanPriceOfOurs } from '../provider/prices.js';

/**
 * What a paid plan invoice collected and what it had to collect, read from the provider before
 * deciding. The price is the subscription's provider price when billing created it for the plan
 * (its catalogue amount, then or now), else the catalogue's: a cheaper ad-hoc price set with the
 * secret key still bills a plan of ours, at the wrong money.
 */
export interface PlanInvoiceCharge {
  paidCents: number;
  paidCurrency: string;
  /** The invoice's billing_reason: `subscription_update` is the proration of a plan change. */
  billingReason: string | null;
  /** A trial's invoice (the subscription is trialing): it collects nothing by design. */
  trial: boolean;
  /** One period: the plan's price × the quantity (a team plan's seats; 1 for a personal plan). */
  priceCents: number;
  priceCurrency: string;
  /** The coupon's discount on this invoice (the promotion code taken when the plan was bought). */
  discountCents: number;
  /** Proration lines of earlier plan changes carried on this invoice. */
  prorationCents: number;
  /**
   * Every line is a proration (a team's seats changed within the period): the invoice pays for
   * no new period. Absent: not known, taken as paying one.
   */
  prorationOnly?: boolean;
  /**
   * Customer balance the invoice used: a credit (a downgrade's unused time) lowers what the card
   * pays, a debt raises it. Stripe: ending_balance - starting_balance (negative balance = credit).
   */
  balanceAppliedCents: number;
}

export interface ExpectedCharge {
  amountCents: number;
  currency: string;
}

/**
 * What the invoice must collect from the card, or null when it is legitimately different from one period's
 * price: a plan change's proration invoice (credited unused time plus the new plan's rest) and
 * a trial's invoice of nothing.
 */
export function expectedPlanCharge(charge: PlanInvoiceCharge): ExpectedCharge | null {
  if (charge.billingReason === 'subscription_update' || charge.trial) return null;
  return {
    amountCents: Math.max(
      0,
      charge.priceCents - charge.discountCents + charge.prorationCents - charge.balanceAppliedCents,
    ),
    currency: charge.priceCurrency,
  };
}

/** The invoice collected other money than the plan's price: it pays for no period. */
export function isPlanChargeMismatched(charge: PlanInvoiceCharge): boolean {
  const expected = expectedPlanCharge(charge);
  if (!expected) return false;
  return charge.paidCents !== expected.amountCents || charge.paidCurrency !== expected.currency;
}

const isProration = (line: Stripe.InvoiceLineItem): boolean =>
  line.parent?.subscription_item_details?.proration === true;

/** Gathers the charge facts of a paid invoice of a subscription billing `plan`. */
export function planInvoiceChargeOf(
  invoice: Stripe.Invoice,
  subscription: Pick<Stripe.Subscription, 'status' | 'items'>,
  plan: PlanType,
  /** The catalogue's current price, for a subscription on a price billing did not create. */
  catalogue: { priceCents: number; currency: string },
): PlanInvoiceCharge {
  const item = subscription.items.data[0];
  const price = item?.price;
  const ours = price && price.unit_amount !== null && isPlanPriceOfOurs(price, plan) ? price : null;
  // A team plan bills one price per seat: a period costs quantity × the plan's price.
  const seats = item?.quantity ?? 1;
  return {
    paidCents: invoice.amount_paid,
    paidCurrency: invoice.currency,
    billingReason: invoice.billing_reason ?? null,
    trial: subscription.status === 'trialing',
    priceCents: (ours?.unit_amount ?? catalogue.priceCents) * seats,
    priceCurrency: ours?.currency ?? catalogue.currency.toLowerCase(),
    discountCents: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    prorationCents: invoice.lines.data
      .filter(isProration)
      .reduce((sum, line) => sum + line.amount, 0),
    prorationOnly: invoice.lines.data.length > 0 && invoice.lines.data.every(isProration),
    balanceAppliedCents: (invoice.ending_balance ?? 0) - (invoice.starting_balance ?? 0),
  };
}
