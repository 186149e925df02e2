import type Stripe from 'stripe';
import type { CardDetails } from '../cards.js';
import type { CardFailure } from '../errors.js';
import { newId, randomToken } from '../ids.js';

export function chargeObject(fields: {
  created: number;
  paymentIntent: Stripe.PaymentIntent;
  paymentMethod: string;
  card: CardDetails;
  failure: CardFailure | null;
  receiptBaseUrl: string;
}): Stripe.Charge {
  const { paymentIntent: pi, card, failure } = fields;
  const id = newId('ch');
  const paid = failure === null;
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: paid ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: paid ? newId('txn') : null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'MIA SANDBOX',
    captured: paid,
    created: fields.created,
    currency: pi.currency,
    customer: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: paid ? 'approved_by_network' : 'declined_by_network',
      reason: failure?.decline_code ?? null,
      risk_level: 'normal',
      seller_message: paid
        ? 'Payment complete.'
        : 'The bank did not return any further details with this decline.',
      type: paid ? 'authorized' : 'issuer_declined',
    },
    paid,
    payment_intent: pi.id,
    payment_method: fields.paymentMethod,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: paid ? pi.amount : null,
        authorization_code: paid ? randomToken(6).toUpperCase() : null,
        brand: card.brand,
        checks: {
          address_line1_check: null,
          address_postal_code_check: null,
          cvc_check: card.cvcProvided ? 'pass' : null,
        },
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: randomToken(15),
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: paid ? `${fields.receiptBaseUrl}/receipts/${id}` : null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}
