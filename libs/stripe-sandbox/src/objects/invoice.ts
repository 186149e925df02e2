import type Stripe from 'stripe';
import { newId } from '../ids.js';
import { decimal } from './catalog.js';

export interface InvoiceLineInput {
  amount: number;
  description: string;
  price: Stripe.Price;
  quantity: number;
  period: { start: number; end: number };
  subscriptionItem: string;
  proration: boolean;
}

export function invoiceObject(fields: {
  created: number;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  billingReason: Stripe.Invoice.BillingReason;
  currency: string;
  lines: InvoiceLineInput[];
  periodStart: number;
  periodEnd: number;
  /** Taken off the lines' sum by the subscription's coupon (0 without one). */
  discountCents?: number;
}): Stripe.Invoice {
  const { customer, subscription } = fields;
  const id = newId('in');
  // A change's credit can make the lines' sum negative (fewer seats, a cheaper plan).
  const subtotal = fields.lines.reduce((sum, line) => sum + line.amount, 0);
  const discountCents = Math.min(fields.discountCents ?? 0, Math.max(0, subtotal));
  const total = subtotal - discountCents;
  // As Stripe does: the customer's balance (negative: a credit) is applied to the total; what
  // is left of a credit, or a negative total, stays on the customer for the next invoice.
  const startingBalance = customer.balance ?? 0;
  const amountDue = Math.max(0, total + startingBalance);
  const endingBalance = total + startingBalance - amountDue;
  customer.balance = endingBalance;
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'MIA Sandbox',
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: fields.created,
    currency: fields.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: fields.created,
    ending_balance: endingBalance,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: fields.lines.map((line) => lineObject(id, subscription.id, line)),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix ?? 'SANDBOX'}-${String(sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    payments: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/payments` },
    period_end: fields.periodEnd,
    period_start: fields.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: 'open',
    status_transitions: {
      finalized_at: fields.created,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts:
      discountCents > 0 ? [{ amount: discountCents, discount: `di_${id.slice(3)}` }] : [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: fields.created,
  };
}

function lineObject(
  invoice: string,
  subscription: string,
  line: InvoiceLineInput,
): Stripe.InvoiceLineItem {
  const product =
    typeof line.price.product === 'string' ? line.price.product : line.price.product.id;
  return {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription,
        subscription_item: line.subscriptionItem,
      },
      type: 'subscription_item_details',
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: line.price.id, product },
      type: 'price_details',
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

export function invoicePaymentObject(fields: {
  created: number;
  invoice: Stripe.Invoice;
  paymentIntent: string;
}): Stripe.InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: fields.invoice.amount_due,
    created: fields.created,
    currency: fields.invoice.currency,
    invoice: fields.invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: fields.paymentIntent, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}
