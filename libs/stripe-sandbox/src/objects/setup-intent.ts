import type Stripe from 'stripe';
import { clientSecretFor, newId } from '../ids.js';

export function setupIntentObject(fields: {
  created: number;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  usage: string;
  automatic_payment_methods: boolean;
}): Stripe.SetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: fields.automatic_payment_methods
      ? { allow_redirects: 'always', enabled: true }
      : null,
    cancellation_reason: null,
    client_secret: clientSecretFor(id),
    created: fields.created,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: fields.usage,
  };
}
