import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing } from '../errors.js';
import { planOf } from '../objects/catalog.js';
import { subscriptionItemObject } from '../objects/subscription.js';
import { collectInvoice, issueInvoice } from './invoices.js';
import {
  currentPeriod,
  cycleLine,
  intervalOf,
  itemAmount,
  perPeriodAmount,
  periodEndAfter,
  productName,
  takePendingProration,
} from './subscription-lines.js';
import { updateSubscription } from './subscription-status.js';

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

export interface UpdateSubscriptionInput {
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  defaultPaymentMethod?: string | null;
  metadata?: Record<string, string>;
  description?: string | null;
  saveDefaultPaymentMethod?: 'off' | 'on_subscription';
  items?: Array<{ id?: string; price?: Stripe.Price; quantity?: number; deleted?: boolean }>;
  prorationBehavior: ProrationBehavior;
  resetAnchor: boolean;
}

type InvoiceSpec = Parameters<typeof issueInvoice>[2];

function applyItems(
  core: Core,
  sub: Stripe.Subscription,
  changes: NonNullable<UpdateSubscriptionInput['items']>,
): Stripe.SubscriptionItem[] {
  const now = core.clock.now();
  const period = currentPeriod(sub);
  let items = sub.items.data.map((item) => ({ ...item }));
  for (const [index, change] of changes.entries()) {
    if (change.id) {
      const existing = items.find((item) => item.id === change.id);
      if (!existing) throw resourceMissing('subscription_item', change.id, `items[${index}][id]`);
      if (change.deleted) {
        items = items.filter((item) => item.id !== change.id);
        continue;
      }
      if (change.price) {
        existing.price = structuredClone(change.price);
        existing.plan = planOf(change.price);
      }
      if (change.quantity !== undefined) existing.quantity = change.quantity;
    } else if (change.price) {
      items.push(
        subscriptionItemObject({
          created: now,
          subscription: sub.id,
          price: change.price,
          quantity: change.quantity ?? 1,
          periodStart: period.start,
          periodEnd: period.end,
          metadata: {},
        }),
      );
    } else {
      throw invalidRequest('Each item needs an id or a price.', `items[${index}]`);
    }
  }
  if (items.length === 0) throw invalidRequest('A subscription needs at least one item.', 'items');
  const interval = intervalOf(items[0]!.price).interval;
  if (items.some((item) => intervalOf(item.price).interval !== interval)) {
    throw invalidRequest(
      'All prices on a subscription must have the same recurring interval.',
      'items',
    );
  }
  return items;
}

/**
 * Price changes, as Stripe bills them: a new interval (monthly <-> annual) or `billing_cycle_anchor=now`
 * starts a new period now and invoices it at once, crediting the unused time; the same interval
 * keeps the period and prorates the difference (now with `always_invoice`, on the next invoice
 * with `create_prorations`, not at all with `none`).
 */
function changeItems(
  core: Core,
  sub: Stripe.Subscription,
  items: Stripe.SubscriptionItem[],
  input: UpdateSubscriptionInput,
): InvoiceSpec | null {
  const now = core.clock.now();
  const period = currentPeriod(sub);
  const oldItems = sub.items.data;
  const newInterval = intervalOf(items[0]!.price);
  const oldInterval = intervalOf(oldItems[0]!.price);
  const intervalChanged =
    newInterval.interval !== oldInterval.interval || newInterval.count !== oldInterval.count;
  const billed = sub.status === 'active' || sub.status === 'past_due';
  const prorate = billed && input.prorationBehavior !== 'none';
  const remaining =
    period.end > period.start ? Math.max(0, period.end - now) / (period.end - period.start) : 0;

  if (intervalChanged || input.resetAnchor) {
    const credit = prorate ? Math.round(perPeriodAmount(oldItems) * remaining) : 0;
    const end = periodEndAfter(now, items[0]!.price, now);
    for (const item of items) {
      item.current_period_start = now;
      item.current_period_end = end;
    }
    sub.items.data = items;
    sub.billing_cycle_anchor = now;
    if (sub.cancel_at_period_end) sub.cancel_at = end;
    if (!billed) return null;
    const lines = items.map((item) => cycleLine(core, item));
    if (credit > 0) {
      lines.push({
        ...cycleLine(core, oldItems[0]!),
        amount: -credit,
        description: `Unused time on ${productName(core, oldItems[0]!.price)}`,
        period: { start: now, end: period.end },
        proration: true,
      });
    }
    lines.push(...takePendingProration(core, sub));
    return { billingReason: 'subscription_update', lines, periodStart: now, periodEnd: now };
  }

  const prorations = prorate
    ? prorationLines(core, oldItems, items, now, period.end, remaining)
    : [];
  const difference = prorations.reduce((sum, line) => sum + line.amount, 0);
  sub.items.data = items;
  if (prorations.length === 0) return null;
  if (input.prorationBehavior === 'always_invoice') {
    return {
      billingReason: 'subscription_update',
      lines: [...prorations, ...takePendingProration(core, sub)],
      periodStart: now,
      periodEnd: now,
    };
  }
  if (difference === 0) return null;
  core.state.pendingProration.set(
    sub.id,
    (core.state.pendingProration.get(sub.id) ?? 0) + difference,
  );
  return null;
}

/** "08 Dec 2026", as Stripe dates its proration lines. */
const prorationDate = (unixSeconds: number): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(unixSeconds * 1000));

/**
 * Stripe's proration of a change within the period: each changed item's unused time is credited
 * at its old quantity × price ("Unused time on 3 × …") and its remaining time charged at the new
 * ones ("Remaining time on 5 × …"), each line rounded to the cent on its own.
 */
function prorationLines(
  core: Core,
  oldItems: Stripe.SubscriptionItem[],
  newItems: Stripe.SubscriptionItem[],
  now: number,
  periodEnd: number,
  remaining: number,
): InvoiceSpec['lines'] {
  const after = prorationDate(now);
  const line = (item: Stripe.SubscriptionItem, sign: 1 | -1) => {
    const quantity = item.quantity ?? 1;
    const label = sign < 0 ? 'Unused time' : 'Remaining time';
    return {
      ...cycleLine(core, item),
      amount: sign * Math.round(itemAmount(item) * remaining),
      description: `${label} on ${quantity} × ${productName(core, item.price)} after ${after}`,
      period: { start: now, end: periodEnd },
      proration: true,
    };
  };
  const lines: InvoiceSpec['lines'] = [];
  for (const old of oldItems) {
    const current = newItems.find((item) => item.id === old.id);
    const same =
      current?.price.id === old.price.id && (current.quantity ?? 1) === (old.quantity ?? 1);
    if (same) continue;
    lines.push(line(old, -1));
    if (current) lines.push(line(current, 1));
  }
  for (const added of newItems.filter((item) => !oldItems.some((o) => o.id === item.id))) {
    lines.push(line(added, 1));
  }
  return lines.filter((l) => l.amount !== 0);
}

/** How a change's invoice is collected: automatic collection, or pending-updates.ts's. */
export type CollectChange = (core: Core, invoice: Stripe.Invoice) => void;

export function modifySubscription(
  core: Core,
  sub: Stripe.Subscription,
  input: UpdateSubscriptionInput,
  collect: CollectChange = collectInvoice,
): Stripe.Subscription {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    const allowed = input.items === undefined && input.cancelAtPeriodEnd === undefined;
    if (!allowed) {
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'subscription_canceled',
      );
    }
  }
  const now = core.clock.now();
  const items = input.items ? applyItems(core, sub, input.items) : null;
  let invoiceSpec: InvoiceSpec | null = null;

  updateSubscription(core, sub, (s) => {
    if (input.metadata) s.metadata = input.metadata;
    if (input.description !== undefined) s.description = input.description;
    if (input.defaultPaymentMethod !== undefined)
      s.default_payment_method = input.defaultPaymentMethod;
    if (input.saveDefaultPaymentMethod && s.payment_settings) {
      s.payment_settings.save_default_payment_method = input.saveDefaultPaymentMethod;
    }
    if (items) invoiceSpec = changeItems(core, s, items, input);
    const period = currentPeriod(s);
    if (input.cancelAtPeriodEnd === true) {
      s.cancel_at_period_end = true;
      s.cancel_at = period.end;
      s.canceled_at = now;
      s.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
    } else if (input.cancelAtPeriodEnd === false || input.cancelAt === null) {
      s.cancel_at_period_end = false;
      s.cancel_at = null;
      s.canceled_at = null;
      s.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: null,
      };
    }
    if (typeof input.cancelAt === 'number') {
      s.cancel_at = input.cancelAt;
      s.cancel_at_period_end = input.cancelAt === period.end;
      s.canceled_at = now;
      s.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
    }
  });
  // The invoice for a change follows the subscription's own update, as Stripe orders its events.
  const spec = invoiceSpec as InvoiceSpec | null;
  if (spec) {
    const invoice = issueInvoice(core, sub, spec);
    if (invoice.status === 'open') collect(core, invoice);
  }
  return sub;
}

/** DELETE /v1/subscriptions/:id: ends it now. */
