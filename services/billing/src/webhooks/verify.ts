import type Stripe from 'stripe';
import { badRequest } from '@mia/service-kit';

/** Stripe's recommended tolerance: a signature older than 5 minutes is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event, if its signature is the provider's over these exact bytes and recent; anything
 * else (forged, altered, replayed later, unsigned) is a 400 with no effect.
 */
export function verifyWebhook(
  stripe: Stripe,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
  secret: string,
): Stripe.Event {
  if (!rawBody || typeof signature !== 'string') {
    throw badRequest('Missing webhook signature', 'invalid_signature');
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('Invalid webhook signature', 'invalid_signature');
  }
}
