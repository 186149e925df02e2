import type Stripe from 'stripe';
import { newId } from '../ids.js';

export function refundObject(fields: {
  created: number;
  charge: Stripe.Charge;
  amount: number;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}): Stripe.Refund {
  const { charge } = fields;
  return {
    id: newId('re'),
    object: 'refund',
    amount: fields.amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: fields.created,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      type: 'card',
      card: {
        reference_status: 'available',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
    },
    metadata: fields.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}
