import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The Stripe sandbox's secret key: a new random one each run (the sandbox refuses the key this
 * repository once committed). Whoever holds it can read every customer and refund any payment
 * in the sandbox, so it is handed only to the sandbox and billing.
 */
export const randomSandboxKey = (): string => `sk_test_${randomBytes(24).toString('hex')}`;

/** Where `npm start` leaves this run's key for developers (`curl -H "authorization: Bearer $(cat ...)"`). */
export const sandboxKeyFile = (dataDir: string): string =>
  join(dataDir, 'stripe-sandbox', 'secret-key');

/** Writes a fresh key readable by its owner only (0600, in a 0700 folder); returns it. */
export function writeSandboxKey(path: string, key: string = randomSandboxKey()): string {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write: set it either way.
  chmodSync(path, 0o600);
  return key;
}
