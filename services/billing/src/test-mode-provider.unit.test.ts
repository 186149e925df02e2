import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';
import { createPaymentProvider } from './provider/stripe-client.js';

// docker compose runs billing in production mode against the Stripe sandbox container: a
// test-mode key and STRIPE_API_URL, which a live key never accepts, and STRIPE_TEST_MODE=allow
// to say it is on purpose.
const production = (extra: Record<string, string> = {}) => ({
  MIA_ENV: 'production',
  DATABASE_URL: 'postgres://billing:s3cret@postgres:5432/mia',
  NATS_URL: 'nats://nats:4222',
  NATS_PASSWORD: 'n4ts-s3cret',
  PUBLIC_ORIGIN: 'http://localhost:8080',
  JWT_PUBLIC_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
    type: 'spki',
    format: 'pem',
  }) as string,
  STRIPE_SECRET_KEY: 'sk_test_5f2a9c',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_5f2a9c',
  STRIPE_WEBHOOK_SECRET: 'whsec_5f2a9c81',
  STRIPE_API_URL: 'http://stripe-sandbox:12111',
  SMTP_URL: 'smtp://mailpit:1025',
  STRIPE_TEST_MODE: 'allow',
  ...extra,
});

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(configSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.variable).sort();
    throw error;
  }
  return [];
}

describe('a test-mode provider on another host (STRIPE_API_URL)', () => {
  it('starts in production with a test key, prices found by lookup key', () => {
    expect(problems(production())).toEqual([]);
    const provider = createPaymentProvider(loadConfig(configSchema, production()));
    expect(provider).toMatchObject({ name: 'stripe', sandbox: false });
    const client = provider.stripe as unknown as { _api: { host: string; port: string | number } };
    expect(client._api.host).toBe('stripe-sandbox');
    expect(Number(client._api.port)).toBe(12111);
  });

  it('is refused with a live key, or with no key at all', () => {
    expect(
      problems(
        production({
          STRIPE_SECRET_KEY: 'sk_live_5f2a9c',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_5f2a9c',
        }),
      ),
    ).toContain('STRIPE_API_URL');
    expect(problems(production({ STRIPE_SECRET_KEY: '', MIA_ENV: 'development' }))).toEqual([
      'STRIPE_API_URL',
    ]);
  });

  it('needs STRIPE_TEST_MODE=allow in production, for the other host or a test key alone', () => {
    const refused = ['STRIPE_TEST_MODE'];
    expect(problems(production({ STRIPE_TEST_MODE: '' }))).toEqual(refused);
    const stripeTestKey = production({
      STRIPE_TEST_MODE: '',
      STRIPE_API_URL: '',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
    });
    expect(problems(stripeTestKey)).toEqual(refused);
    expect(problems({ ...stripeTestKey, STRIPE_TEST_MODE: 'allow' })).toEqual([]);
    expect(problems(production({ STRIPE_TEST_MODE: 'yes' }))).toEqual(['STRIPE_TEST_MODE']);
    // Development and test runs need not say.
    expect(problems(production({ STRIPE_TEST_MODE: '', MIA_ENV: 'test' }))).toEqual([]);
  });

  it('refuses a live key with another host even when test mode is allowed', () => {
    const live = production({
      STRIPE_SECRET_KEY: 'sk_live_5f2a9c',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_5f2a9c',
    });
    expect(problems(live)).toContain('STRIPE_API_URL');
    expect(problems({ ...live, MIA_ENV: 'development' })).toEqual(['STRIPE_API_URL']);
  });

  it('leaves Stripe itself alone when unset', () => {
    const env = production({ STRIPE_API_URL: '' });
    expect(problems(env)).toEqual(['STRIPE_PRICE_ANNUAL', 'STRIPE_PRICE_MONTHLY']);
    const provider = createPaymentProvider(
      loadConfig(configSchema, {
        ...env,
        STRIPE_PRICE_MONTHLY: 'price_m',
        STRIPE_PRICE_ANNUAL: 'price_a',
      }),
    );
    const client = provider.stripe as unknown as { _api: { host: string } };
    expect(client._api.host).toBe('api.stripe.com');
  });
});
