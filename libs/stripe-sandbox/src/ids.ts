import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // 62 * 4 = 248: bytes at or above it are skipped so every character is equally likely.
  for (const byte of bytes) {
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === length) return out;
  }
  return out + base62(length - out.length);
}

/** An id with Stripe's prefix for its kind: `cus_`, `pi_`, `sub_`, ... */
export function newId(prefix: string): string {
  return `${prefix}_${base62(24)}`;
}

/** A PaymentIntent's or SetupIntent's client secret, `pi_..._secret_...` as Stripe.js expects. */
export function clientSecretFor(id: string): string {
  return `${id}_secret_${base62(25)}`;
}

/** The id a client secret belongs to, or null when it is not one. */
export function idOfClientSecret(secret: string): string | null {
  const match = /^((?:pi|seti)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(secret);
  return match ? match[1]! : null;
}

export function randomToken(length: number): string {
  return base62(length);
}
