import Stripe from 'stripe';
import { HttpError } from '@mia/service-kit';

export const PROVIDER_UNAVAILABLE =
  'No pudimos contactar con el procesador de pagos. Inténtalo de nuevo en unos segundos.';

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** Stripe's "no such object" (an id that does not exist, or not in this account). */
export const isMissing = (error: unknown): boolean =>
  isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);

/**
 * What the browser is told when a call to the provider fails: a declined card is the provider's
 * own message (402); an outage or timeout asks to retry (503, and the retry reuses our
 * idempotency key). Anything else is a bug (ours or the provider's): it reaches the kit's error
 * handler as it is, which logs it and answers 500.
 */
export function providerError(error: unknown): unknown {
  if (!isStripeError(error)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new HttpError(402, error.message, error.decline_code ?? error.code ?? 'card_error');
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new HttpError(503, PROVIDER_UNAVAILABLE, 'provider_unavailable', undefined, {
      'retry-after': '2',
    });
  }
  return error;
}

/** Runs a provider call, turning its failures into answers the browser can show. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}
