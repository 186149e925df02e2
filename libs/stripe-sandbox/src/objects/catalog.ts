import type Stripe from 'stripe';
import { newId } from '../ids.js';

export function productObject(fields: {
  id?: string;
  created: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
}): Stripe.Product {
  return {
    id: fields.id ?? newId('prod'),
    object: 'product',
    active: fields.active,
    created: fields.created,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: fields.created,
    url: null,
  };
}

export function priceObject(fields: {
  created: number;
  product: string;
  currency: string;
  unit_amount: number;
  active: boolean;
  lookup_key: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null;
}): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: fields.active,
    billing_scheme: 'per_unit',
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookup_key,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: fields.recurring
      ? {
          interval: fields.recurring.interval,
          interval_count: fields.recurring.interval_count,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unit_amount,
    unit_amount_decimal: decimal(fields.unit_amount),
  };
}

/** Stripe sends decimals as strings on the wire; the SDK turns them into its Decimal type. */
export function decimal(value: number): Stripe.Decimal {
  return String(value) as unknown as Stripe.Decimal;
}

/** The legacy Plan every subscription item still carries, derived from its recurring price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring;
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring?.interval ?? 'month',
    interval_count: recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
