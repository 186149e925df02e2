import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig, productionRequirements } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema, isSandbox, isTestMode, SANDBOX_KEYS } from './config.js';
import { createPaymentProvider } from './provider/stripe-client.js';

const publicKeyPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    type: 'spki',
    format: 'pem',
  }) as string;

const production = (extra: Record<string, string> = {}) => ({
  MIA_ENV: 'production',
  DATABASE_URL: 'postgres://billing:s3cret@db.internal:5432/mia',
  NATS_URL: 'nats://nats:4222',
  NATS_PASSWORD: 'n4ts-s3cret',
  PUBLIC_ORIGIN: 'https://ministerio-ia.example',
  JWT_PUBLIC_KEY: publicKeyPem(),
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_abc123',
  STRIPE_PRICE_MONTHLY: 'price_monthly_live',
  STRIPE_PRICE_ANNUAL: 'price_annual_live',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.org:465',
  ...extra,
});

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(configSchema, { MIA_ENV: 'development', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.variable).sort();
    throw error;
  }
  return [];
}

describe('billing configuration', () => {
  it('without keys: sandbox mode on the local sandbox, with its development webhook secret', () => {
    expect(() =>
      createPaymentProvider(loadConfig(configSchema, { MIA_ENV: 'development' })),
    ).toThrow(/STRIPE_SANDBOX_SECRET_KEY/);
    const config = loadConfig(configSchema, {
      MIA_ENV: 'development',
      STRIPE_SANDBOX_SECRET_KEY: 'sk_test_random_of_this_run',
    });
    expect(isSandbox(config)).toBe(true);
    expect(config).toMatchObject({
      PORT: 8082,
      STRIPE_SANDBOX_URL: 'http://127.0.0.1:12111',
      STRIPE_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
      STRIPE_TIMEOUT_MS: 10_000,
      STRIPE_MAX_NETWORK_RETRIES: 2,
      TRIAL_REMINDER_SWEEP_MS: 60_000,
    });
    const provider = createPaymentProvider(config);
    expect(provider).toMatchObject({
      name: 'sandbox',
      sandbox: true,
      publishableKey: SANDBOX_KEYS.publishableKey,
    });
  });

  it('with a key: Stripe, and the publishable key is required beside it', () => {
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_123' })).toEqual(['STRIPE_PUBLISHABLE_KEY']);
    const config = loadConfig(configSchema, {
      MIA_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    });
    expect(createPaymentProvider(config)).toMatchObject({
      name: 'stripe',
      sandbox: false,
      publishableKey: 'pk_test_123',
    });
  });

  it('refuses keys of different modes and malformed keys', () => {
    expect(
      problems({ STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }),
    ).toEqual(['STRIPE_PUBLISHABLE_KEY']);
    expect(
      problems({ STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }),
    ).toEqual(['STRIPE_SECRET_KEY']);
    expect(problems({ STRIPE_WEBHOOK_SECRET: 'secret' })).toEqual(['STRIPE_WEBHOOK_SECRET']);
  });

  it('production starts with real keys, prices and SMTP', () => {
    expect(problems(production())).toEqual([]);
  });

  it('production refuses sandbox mode, the development webhook secret, and missing prices or SMTP', () => {
    expect(
      problems(
        production({
          STRIPE_SECRET_KEY: '',
          STRIPE_PUBLISHABLE_KEY: '',
          STRIPE_PRICE_MONTHLY: '',
          STRIPE_PRICE_ANNUAL: '',
          SMTP_URL: '',
          STRIPE_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
        }),
      ),
    ).toEqual([
      'SMTP_URL',
      'STRIPE_PRICE_ANNUAL',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('is in test mode (the app shows its ribbon) with the sandbox or a test key, not a live one', () => {
    expect(isTestMode({ STRIPE_SECRET_KEY: undefined })).toBe(true);
    expect(isTestMode({ STRIPE_SECRET_KEY: 'sk_test_123' })).toBe(true);
    expect(isTestMode({ STRIPE_SECRET_KEY: 'rk_test_123' })).toBe(true);
    expect(isTestMode({ STRIPE_SECRET_KEY: 'sk_live_123' })).toBe(false);
  });

  it('tells deployments what production needs and what is secret', () => {
    const needs = productionRequirements(configSchema);
    expect(needs.required).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_MONTHLY',
        'STRIPE_PRICE_ANNUAL',
        'SMTP_URL',
      ]),
    );
    expect(needs.secrets).toEqual(
      expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
    );
  });
});
