import Stripe from 'stripe';
import type { PaymentProvider as ProviderName } from '@mia/contracts';
import { ConfigError } from '@mia/service-kit';
import { isSandbox, SANDBOX_KEYS, type BillingConfig } from '../config.js';

/** The API version billing is written against (the SDK's own; the sandbox answers it too). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** The payment provider as billing uses it: one SDK, pointed at Stripe or at the sandbox. */
export interface PaymentProvider {
  stripe: Stripe;
  /** `sandbox` when no Stripe key is configured; recorded on every payment. */
  name: ProviderName;
  sandbox: boolean;
  publishableKey: string;
  webhookSecret: string;
}

type ProviderConfig = Pick<
  BillingConfig,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_SANDBOX_URL'
  | 'STRIPE_SANDBOX_SECRET_KEY'
  | 'STRIPE_API_URL'
  | 'STRIPE_TIMEOUT_MS'
  | 'STRIPE_MAX_NETWORK_RETRIES'
>;

/**
 * The official SDK either way: in sandbox mode only its host, port and protocol change, so the
 * payment code has one path. Retries reuse the request's idempotency key.
 */
export function createPaymentProvider(config: ProviderConfig): PaymentProvider {
  const sandbox = isSandbox(config);
  const options: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    timeout: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'mia-billing' },
  };
  // The sandbox in sandbox mode; with a test key, STRIPE_API_URL when set (config refuses it
  // with a live key).
  const host = sandbox ? config.STRIPE_SANDBOX_URL : config.STRIPE_API_URL;
  if (host) {
    const url = new URL(host);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    options.host = url.hostname;
    options.port = Number(url.port || (protocol === 'https' ? 443 : 80));
    options.protocol = protocol;
  }
  return {
    stripe: new Stripe(sandbox ? sandboxSecretKey(config) : config.STRIPE_SECRET_KEY!, options),
    name: sandbox ? 'sandbox' : 'stripe',
    sandbox,
    publishableKey: sandbox ? SANDBOX_KEYS.publishableKey : config.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
}

/** The sandbox's key of this run: it has no fixed one (anyone could read a committed key). */
function sandboxSecretKey(config: ProviderConfig): string {
  if (config.STRIPE_SANDBOX_SECRET_KEY) return config.STRIPE_SANDBOX_SECRET_KEY;
  throw new ConfigError(
    [
      {
        variable: 'STRIPE_SANDBOX_SECRET_KEY',
        reason:
          'is required in sandbox mode (no STRIPE_SECRET_KEY): the Stripe sandbox secret key of this run (npm start sets it)',
      },
    ],
    false,
  );
}
