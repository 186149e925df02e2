import { DestinationConfigError, resolveDestinations } from '@mia/catalog';
import { z } from 'zod';
import {
  baseConfigSchema,
  devSecret,
  portSchema,
  defaultMailDir,
  mailConfigShape,
} from '@mia/service-kit';

/**
 * The publishable key and webhook secret of the local Stripe sandbox (`@mia/stripe-sandbox`
 * defaults). Its secret key is random per run (STRIPE_SANDBOX_SECRET_KEY).
 */
export const SANDBOX_KEYS = {
  publishableKey: 'pk_test_sandbox',
  webhookSecret: 'whsec_sandbox_development_secret',
} as const;

const isTestKey = (key: string | undefined) => /^(sk|rk)_test_/.test(key ?? '');

/** STRIPE_API_URL naming a host other than Stripe's own (the sandbox container of compose). */
const isOtherHost = (url: string | undefined) =>
  url !== undefined && new URL(url).hostname !== 'api.stripe.com';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Billing's configuration. Each variable is documented where it is declared; the README's
 * table is built from these comments.
 */
export const configSchema = baseConfigSchema
  .extend({
    PORT: portSchema.default(8082),
    // Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key). Unset: sandbox
    // mode, billing talks to the local Stripe sandbox at STRIPE_SANDBOX_URL (refused in
    // production).
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(live|test)_\S+$/,
        'must be a Stripe secret key (sk_live_... or sk_test_...)',
      )
      .optional(),
    // Stripe publishable key (pk_...) the checkout loads Stripe.js with; required with
    // STRIPE_SECRET_KEY. Sandbox mode answers the sandbox's own key.
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(live|test)_\S+$/, 'must be a Stripe publishable key (pk_...)')
      .optional(),
    // Signing secret of the webhook endpoint (whsec_...). Development default: the sandbox's
    // own secret, refused in production.
    STRIPE_WEBHOOK_SECRET: devSecret(
      z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_...)'),
      SANDBOX_KEYS.webhookSecret,
    ),
    // Where the Stripe sandbox listens in sandbox mode (http://host:port).
    STRIPE_SANDBOX_URL: z.url().default('http://127.0.0.1:12111'),
    // The Stripe sandbox's secret key, needed in sandbox mode: random per run, `npm start` makes
    // it (and writes it to .data/stripe-sandbox/secret-key).
    STRIPE_SANDBOX_SECRET_KEY: z
      .string()
      .regex(/^sk_test_\S+$/, 'must be a test-mode secret key (sk_test_...)')
      .optional(),
    // Another Stripe API host for a test-mode key (sk_test_... only), e.g. the Stripe sandbox
    // container of docker compose. Unset: api.stripe.com. Refused with a live key, so live
    // payments only ever reach Stripe.
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Production with Stripe test mode (an sk_test_ key, or STRIPE_API_URL on another host such
    // as compose's sandbox container): `allow` accepts it on purpose, and the web app then shows
    // a "test mode" ribbon. Unset: refused in production, where a test card must never grant
    // real access. Development and test runs need not say.
    STRIPE_TEST_MODE: z.enum(['allow'], 'must be "allow" or unset').optional(),
    // Stripe price id of the monthly plan (price_...). Required in production; in sandbox
    // and test mode the price is found by lookup key and created from the catalogue if missing.
    STRIPE_PRICE_MONTHLY: z.string().startsWith('price_').optional(),
    // Stripe price id of the annual plan; same rules as STRIPE_PRICE_MONTHLY.
    STRIPE_PRICE_ANNUAL: z.string().startsWith('price_').optional(),
    // Time one call to Stripe may take before it is abandoned (and retried with the same
    // idempotency key).
    STRIPE_TIMEOUT_MS: positiveInt(10_000),
    // Automatic retries of a failed call to Stripe (network errors, timeouts, 409/5xx); each
    // carries the same idempotency key, so a retry never charges twice.
    STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    // SMTP_URL, MAIL_FROM, MAIL_DIR: where mail goes (the kit's mail module).
    ...mailConfigShape({ mailDir: defaultMailDir(import.meta.url) }),
    // How often the trial-ends-tomorrow reminder sweep runs (one replica at a time acts).
    TRIAL_REMINDER_SWEEP_MS: positiveInt(60_000),
    // Read once, by the catalogue's seed on the first start: a JSON object {"<productId>":
    // "<url>" | {"kind", "url"}} giving the seeded tools their destinations. Afterwards the
    // owner changes destinations in the admin; tools it does not name open the local stand-in
    // (/api/gpt/stand-in/<productId>) outside production and the placeholder link in production.
    GPT_URLS: z.string().optional(),
  })
  .superRefine((config, ctx) => {
    try {
      resolveDestinations(config.GPT_URLS);
    } catch (error) {
      if (!(error instanceof DestinationConfigError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['GPT_URLS'], message: error.message });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is required with STRIPE_SECRET_KEY (the checkout loads Stripe.js with it)',
      });
    }
    const live = (key: string | undefined) => key?.includes('_live_');
    if (
      config.STRIPE_SECRET_KEY &&
      config.STRIPE_PUBLISHABLE_KEY &&
      live(config.STRIPE_SECRET_KEY) !== live(config.STRIPE_PUBLISHABLE_KEY)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'must be of the same mode (live or test) as STRIPE_SECRET_KEY',
      });
    }
    if (isOtherHost(config.STRIPE_API_URL) && !isTestKey(config.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message:
          'needs a test-mode STRIPE_SECRET_KEY (sk_test_...): live payments go to Stripe only',
      });
    }
    if (config.MIA_ENV !== 'production') return;
    const testMode = isTestKey(config.STRIPE_SECRET_KEY) || isOtherHost(config.STRIPE_API_URL);
    if (testMode && config.STRIPE_TEST_MODE !== 'allow') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_TEST_MODE'],
        message:
          'must be "allow" to run production in Stripe test mode (an sk_test_ key or a non-Stripe STRIPE_API_URL): test cards would grant real access',
      });
    }
    // A test-mode provider on another host takes no real money: its prices come from the
    // catalogue by lookup key, as in Stripe's test mode.
    const priceWhy = 'production charges the configured price, never one made up';
    const required: [keyof typeof config, string][] = [
      ['STRIPE_SECRET_KEY', 'the Stripe sandbox is for development and tests only'],
      ['STRIPE_PUBLISHABLE_KEY', 'the checkout loads Stripe.js with it'],
      ...(isOtherHost(config.STRIPE_API_URL)
        ? []
        : ([
            ['STRIPE_PRICE_MONTHLY', priceWhy],
            ['STRIPE_PRICE_ANNUAL', priceWhy],
          ] as [keyof typeof config, string][])),
      ['SMTP_URL', 'receipts would otherwise only reach a local folder'],
    ];
    for (const [variable, why] of required) {
      if (config[variable] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: `is required in production (${why})`,
        });
      }
    }
  });

export type BillingConfig = z.output<typeof configSchema>;

/** Whether billing talks to the local sandbox instead of Stripe. */
export const isSandbox = (config: Pick<BillingConfig, 'STRIPE_SECRET_KEY'>): boolean =>
  config.STRIPE_SECRET_KEY === undefined;

/**
 * Whether payments are make-believe: the sandbox, or a Stripe test-mode key. The web app shows
 * a "test mode" ribbon then (GET /api/billing/config says so).
 */
export const isTestMode = (config: Pick<BillingConfig, 'STRIPE_SECRET_KEY'>): boolean =>
  isSandbox(config) || isTestKey(config.STRIPE_SECRET_KEY);
