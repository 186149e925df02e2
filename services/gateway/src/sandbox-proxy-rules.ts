/**
 * What the gateway lets through to the Stripe sandbox, decided without I/O. The sandbox plays
 * Stripe's whole API (customers' e-mails, refunds ...) for billing on the same machine; the
 * browser needs only what Stripe.js does in the checkout's card form: confirming one
 * PaymentIntent or SetupIntent with the publishable key and that intent's client secret. Besides
 * that, one control stays reachable for developers (the README's clock example), with the
 * sandbox's secret key. Everything else is "not found", as if the sandbox were not there.
 */

export type SandboxRoute =
  | { kind: 'confirm'; collection: 'payment_intents' | 'setup_intents'; id: string }
  | { kind: 'clock' };

const CONFIRM = /^\/v1\/(payment_intents|setup_intents)\/((?:pi|seti)_[A-Za-z0-9]+)\/confirm$/;

/** The route a request under `/sandbox/stripe` may take (`pathname` without the prefix), or null. */
export function sandboxRouteOf(method: string, pathname: string): SandboxRoute | null {
  if (method !== 'POST') return null;
  if (pathname === '/_clock/advance') return { kind: 'clock' };
  const confirm = CONFIRM.exec(pathname);
  if (!confirm) return null;
  const collection = confirm[1] as 'payment_intents' | 'setup_intents';
  const id = confirm[2]!;
  // A payment intent's id under setup_intents (or the reverse) is not an intent the form has.
  if ((collection === 'payment_intents') !== id.startsWith('pi_')) return null;
  return { kind: 'confirm', collection, id };
}

/**
 * Same-origin only: a page of this site sends its own origin; a page elsewhere (the site a
 * developer happens to visit) sends its own, which is refused. No Origin: not a browser.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // "null" (sandboxed frames, file://) and anything unparsable
  }
}

// The fields Stripe.js posts to confirm with a card typed into its form (see web's
// sandbox-confirm.ts and @mia/stripe-sandbox's cardConfirmForm), and nothing else: no `expand`,
// no saved `payment_method`, no other intent's data.
const CARD_FIELDS = new Set([
  'payment_method_data[type]',
  'payment_method_data[card][number]',
  'payment_method_data[card][exp_month]',
  'payment_method_data[card][exp_year]',
  'payment_method_data[card][cvc]',
]);

export interface ConfirmRefusal {
  status: number;
  message: string;
  param?: string;
}

/**
 * Checks a confirm's form body against the intent its path names: the publishable key, a client
 * secret of that very intent (`<id>_secret_...`; the sandbox then checks the whole secret), and
 * only card fields. Answers why not, or null.
 */
export function confirmRefusal(id: string, form: URLSearchParams): ConfirmRefusal | null {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name)) return { status: 400, message: `Repeated parameter: ${name}`, param: name };
    seen.add(name);
    if (name !== 'key' && name !== 'client_secret' && !CARD_FIELDS.has(name)) {
      return { status: 400, message: `Received unknown parameter: ${name}`, param: name };
    }
  }
  const key = form.get('key') ?? '';
  if (!/^pk_test_\S+$/.test(key)) {
    return { status: 401, message: 'A publishable key (key=pk_test_...) is required.' };
  }
  const secret = form.get('client_secret') ?? '';
  const rest = secret.startsWith(`${id}_secret_`) ? secret.slice(`${id}_secret_`.length) : '';
  if (!/^[A-Za-z0-9]+$/.test(rest)) {
    return {
      status: 400,
      message: 'The client_secret provided does not match the intent of this URL.',
      param: 'client_secret',
    };
  }
  return null;
}
