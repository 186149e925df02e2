import type Stripe from 'stripe';
import type { CardDetails } from '../cards.js';
import { newId } from '../ids.js';

export function paymentMethodObject(
  card: CardDetails,
  created: number,
  customer: string | null,
): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: card.cvcProvided ? 'pass' : null,
      },
      country: card.country,
      display_brand: card.brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}
