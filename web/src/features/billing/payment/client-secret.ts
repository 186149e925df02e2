import type { IntentKind } from './confirm-outcome';

const SEPARATOR = '_secret_';

/**
 * The intent's id inside its client secret (`pi_123_secret_abc` -> `pi_123`), as Stripe.js
 * reads it to build the confirm URL. Throws on anything that is not a client secret.
 */
export function intentIdFromClientSecret(clientSecret: string): string {
  const at = clientSecret.indexOf(SEPARATOR);
  const id = at > 0 ? clientSecret.slice(0, at) : '';
  if (!/^(pi|seti)_[A-Za-z0-9]+$/.test(id)) {
    throw new Error('The payment provider sent an unreadable client secret.');
  }
  return id;
}

/** A PaymentIntent (`pi_`) or a SetupIntent (`seti_`) secret. */
export function intentKindOf(clientSecret: string): IntentKind {
  return intentIdFromClientSecret(clientSecret).startsWith('seti_') ? 'setup' : 'payment';
}
