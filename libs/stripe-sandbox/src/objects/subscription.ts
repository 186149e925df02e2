import type Stripe from 'stripe';
import { newId } from '../ids.js';
import { planOf } from './catalog.js';

export function subscriptionItemObject(fields: {
  created: number;
  subscription: string;
  price: Stripe.Price;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
}): Stripe.SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: fields.created,
    current_period_end: fields.periodEnd,
    current_period_start: fields.periodStart,
    current_trial: null,
    discounts: [],
    metadata: fields.metadata,
    plan: planOf(fields.price),
    price: structuredClone(fields.price),
    quantity: fields.quantity,
    subscription: fields.subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(fields: {
  id: string;
  created: number;
  customer: string;
  currency: string;
  items: Stripe.SubscriptionItem[];
  metadata: Record<string, string>;
  description: string | null;
  defaultPaymentMethod: string | null;
  saveDefaultPaymentMethod: Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod | null;
  paymentMethodTypes: Stripe.Subscription.PaymentSettings.PaymentMethodType[] | null;
  cancelAtPeriodEnd: boolean;
}): Stripe.Subscription {
  return {
    id: fields.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.created,
    billing_cycle_anchor_config: null,
    billing_mode: {
      flexible: { proration_discounts: 'included' },
      type: 'flexible',
      updated_at: fields.created,
    },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: fields.cancelAtPeriodEnd,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: fields.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: fields.items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${fields.id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: fields.paymentMethodTypes,
      save_default_payment_method: fields.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.created,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}
