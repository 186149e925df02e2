import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Who may use the sandbox. It holds every customer's e-mail and refunds any payment, so it is
 * closed like Stripe: the secret key is random per run (never a committed value), its own
 * control endpoints need that key, and a browser page on another origin gets nothing.
 */

/**
 * The key this repository once committed as the sandbox's default. Anyone who read the code
 * knew it, so it is refused wherever a key is configured.
 */
export const COMMITTED_SECRET_KEY = 'sk_test_sandbox';

/** A fresh secret key (`sk_test_` and 48 hex digits), as `npm start` and the harnesses make. */
export const randomSecretKey = (): string => `sk_test_${randomBytes(24).toString('hex')}`;

/** Why a configured secret key cannot be used, or null when it can. */
export function secretKeyProblem(key: string): string | null {
  if (!key.startsWith('sk_test_')) return 'must be a test-mode key (sk_test_...)';
  if (key === COMMITTED_SECRET_KEY) {
    return `${COMMITTED_SECRET_KEY} was committed to the repository and is refused; use a random key (npm start makes one per run in .data/stripe-sandbox/secret-key)`;
  }
  if (key.length < 'sk_test_'.length + 16)
    return 'is too short to be secret (16 characters after sk_test_ at least)';
  return null;
}

/** Compares two keys in constant time (a key is a password: no timing hints about its prefix). */
export function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key of `Authorization: Bearer <key>`, or null. */
export function bearerKey(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/**
 * Whether a request may come from where it says it comes from. Browsers send `Origin` with every
 * cross-origin request and every POST, so a request with none is a program (the SDK, curl, a
 * test), which cannot ride a visitor's browser. A page from any origin not configured is refused:
 * that is how a site a developer happens to visit would reach a sandbox on localhost.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return allowed.includes(origin);
}
