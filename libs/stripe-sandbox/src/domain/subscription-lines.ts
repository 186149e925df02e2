import type Stripe from 'stripe';
import { addIntervals, type Interval } from '../clock.js';
import type { Core } from '../core.js';
import type { InvoiceLineInput } from '../objects/invoice.js';

// Periods and invoice lines of subscriptions, shared by creation, changes and renewals.

export function intervalOf(price: Stripe.Price): { interval: Interval; count: number } {
  const recurring = price.recurring;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return { interval: recurring.interval as Interval, count: recurring.interval_count };
}

/** The end of the billing period that contains `at`, counted from the billing cycle anchor. */
export function periodEndAfter(anchor: number, price: Stripe.Price, at: number): number {
  const { interval, count } = intervalOf(price);
  let cycles = 1;
  while (addIntervals(anchor, interval, cycles * count) <= at) cycles += 1;
  return addIntervals(anchor, interval, cycles * count);
}

export function itemAmount(item: { price: Stripe.Price; quantity?: number }): number {
  return (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
}

export function productName(core: Core, price: Stripe.Price): string {
  const id = typeof price.product === 'string' ? price.product : price.product.id;
  return core.state.products.get(id)?.name ?? id;
}

export function cycleLine(core: Core, item: Stripe.SubscriptionItem): InvoiceLineInput {
  const quantity = item.quantity ?? 1;
  return {
    amount: itemAmount(item),
    description: `${quantity} × ${productName(core, item.price)}`,
    price: item.price,
    quantity,
    period: { start: item.current_period_start, end: item.current_period_end },
    subscriptionItem: item.id,
    proration: false,
  };
}

/** Proration owed from earlier item changes, carried on the next invoice as one line. */
export function takePendingProration(core: Core, sub: Stripe.Subscription): InvoiceLineInput[] {
  const amount = core.state.pendingProration.get(sub.id) ?? 0;
  core.state.pendingProration.delete(sub.id);
  const item = sub.items.data[0];
  if (amount === 0 || !item) return [];
  return [
    {
      ...cycleLine(core, item),
      amount,
      description: amount > 0 ? 'Proration for plan change' : 'Unused time after plan change',
      proration: true,
    },
  ];
}

export function currentPeriod(sub: Stripe.Subscription): { start: number; end: number } {
  const item = sub.items.data[0];
  if (!item) throw new Error(`subscription ${sub.id} has no items`);
  return { start: item.current_period_start, end: item.current_period_end };
}

export function perPeriodAmount(items: Array<{ price: Stripe.Price; quantity?: number }>): number {
  return items.reduce((sum, item) => sum + itemAmount(item), 0);
}

/** The subscription's items after an update's `items[]`: changed, added and deleted. */
