import type { CardFields } from './card-input';
import { digitsOnly, parseExpiry } from './card-input';
import { intentIdFromClientSecret, intentKindOf } from './client-secret';
import type { ConfirmOutcome } from './confirm-outcome';

/** Where the gateway forwards the local Stripe sandbox (sandbox mode only). */
export const SANDBOX_STRIPE_PATH = '/sandbox/stripe';

/** The confirm URL Stripe.js would call, under the sandbox's prefix. */
export function sandboxConfirmPath(clientSecret: string): string {
  const id = intentIdFromClientSecret(clientSecret);
  const collection = intentKindOf(clientSecret) === 'setup' ? 'setup_intents' : 'payment_intents';
  return `${SANDBOX_STRIPE_PATH}/v1/${collection}/${encodeURIComponent(id)}/confirm`;
}

/**
 * The form Stripe.js posts to confirm an intent with a typed card: the publishable key, the
 * client secret, and `payment_method_data` in Stripe's bracket notation. The number travels as
 * digits only and the year with four digits, as Stripe.js sends them.
 */
export function sandboxConfirmForm(
  publishableKey: string,
  clientSecret: string,
  card: CardFields,
): URLSearchParams {
  const expiry = parseExpiry(card.expiry);
  return new URLSearchParams([
    ['key', publishableKey],
    ['client_secret', clientSecret],
    ['payment_method_data[type]', 'card'],
    ['payment_method_data[card][number]', digitsOnly(card.number)],
    ['payment_method_data[card][exp_month]', expiry ? String(expiry.month) : ''],
    ['payment_method_data[card][exp_year]', expiry ? String(expiry.year) : ''],
    ['payment_method_data[card][cvc]', card.cvc.trim()],
  ]);
}

interface ProviderError {
  message?: unknown;
}

interface IntentBody {
  id?: unknown;
  status?: unknown;
  last_payment_error?: ProviderError | null;
  last_setup_error?: ProviderError | null;
  error?: ProviderError;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * Reads Stripe's answer to a confirm: an error body (`{error: {code, decline_code, message}}`,
 * 402 for a decline) is the provider's refusal, an intent with a last error too; `succeeded`
 * is the one success. Throws on anything else, which is not Stripe speaking.
 */
export function readConfirmAnswer(status: number, body: unknown): ConfirmOutcome {
  const answer = (body && typeof body === 'object' ? body : {}) as IntentBody;
  if (status < 200 || status >= 300) {
    const message = text(answer.error?.message);
    if (message) return { kind: 'declined', message };
    throw new Error(`The payment provider answered ${status}.`);
  }
  const id = text(answer.id);
  const state = text(answer.status);
  if (!id || !state) throw new Error('The payment provider sent an unreadable answer.');
  if (state === 'succeeded') return { kind: 'succeeded', intentId: id };
  const refused =
    text(answer.last_payment_error?.message) ?? text(answer.last_setup_error?.message);
  if (refused) return { kind: 'declined', message: refused };
  return { kind: 'incomplete', status: state };
}

/** Confirms the intent with the sandbox, exactly as Stripe.js would with Stripe. */
export async function confirmWithSandbox(
  publishableKey: string,
  clientSecret: string,
  card: CardFields,
): Promise<ConfirmOutcome> {
  const response = await fetch(sandboxConfirmPath(clientSecret), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: sandboxConfirmForm(publishableKey, clientSecret, card),
  });
  const raw = await response.text();
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    throw new Error(`The payment provider answered ${response.status}: ${raw.slice(0, 200)}`);
  }
  return readConfirmAnswer(response.status, body);
}
