import { describe, expect, it } from 'vitest';
import { loadSandboxConfig, SandboxConfigError } from './config.js';

describe('sandbox configuration', () => {
  const key = 'sk_test_0123456789abcdef0123';

  it('has development defaults for everything but its secret key', () => {
    expect(loadSandboxConfig({ MIA_ENV: 'development', SANDBOX_SECRET_KEY: key })).toEqual({
      port: 12111,
      options: {
        host: '127.0.0.1',
        pathPrefix: '/sandbox/stripe',
        secretKey: key,
        publishableKey: 'pk_test_sandbox',
        webhookUrl: null,
        webhookSecret: 'whsec_sandbox_development_secret',
        disputeDelayMs: 2000,
        allowedOrigins: [],
      },
    });
  });

  it('needs a secret key, and never the one once committed to the repository', () => {
    expect(() => loadSandboxConfig({ MIA_ENV: 'test' })).toThrow(/SANDBOX_SECRET_KEY: is required/);
    expect(() =>
      loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_SECRET_KEY: 'sk_test_sandbox' }),
    ).toThrow(/SANDBOX_SECRET_KEY: sk_test_sandbox was committed/);
    expect(() =>
      loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_SECRET_KEY: 'sk_test_short' }),
    ).toThrow(/SANDBOX_SECRET_KEY: is too short/);
  });

  it('reads the origins allowed to call it from a page', () => {
    const config = loadSandboxConfig({
      MIA_ENV: 'test',
      SANDBOX_SECRET_KEY: key,
      SANDBOX_ALLOWED_ORIGINS: 'http://localhost:5173/, https://shop.example',
    });
    expect(config.options.allowedOrigins).toEqual([
      'http://localhost:5173',
      'https://shop.example',
    ]);
    expect(() =>
      loadSandboxConfig({
        MIA_ENV: 'test',
        SANDBOX_SECRET_KEY: key,
        SANDBOX_ALLOWED_ORIGINS: 'localhost',
      }),
    ).toThrow(/SANDBOX_ALLOWED_ORIGINS/);
  });

  it('reads the environment', () => {
    const config = loadSandboxConfig({
      MIA_ENV: 'test',
      SANDBOX_PORT: '4000',
      SANDBOX_HOST: '0.0.0.0',
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:8082/api/webhooks/stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_other',
      SANDBOX_SECRET_KEY: 'sk_test_other_0123456789abcdef',
      SANDBOX_PUBLISHABLE_KEY: 'pk_test_other',
    });
    expect(config.port).toBe(4000);
    expect(config.options).toMatchObject({
      host: '0.0.0.0',
      webhookUrl: 'http://127.0.0.1:8082/api/webhooks/stripe',
      webhookSecret: 'whsec_other',
      secretKey: 'sk_test_other_0123456789abcdef',
      publishableKey: 'pk_test_other',
    });
  });

  it('refuses to run in production, which is what an unset MIA_ENV means', () => {
    expect(() => loadSandboxConfig({ MIA_ENV: 'production' })).toThrow(SandboxConfigError);
    expect(() => loadSandboxConfig({})).toThrow(/MIA_ENV=development or test/);
    expect(() => loadSandboxConfig({ NODE_ENV: 'development' })).toThrow(SandboxConfigError);
  });

  it('refuses live keys and bad values', () => {
    expect(() => loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_SECRET_KEY: 'sk_live_x' })).toThrow(
      /SANDBOX_SECRET_KEY/,
    );
    expect(() =>
      loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_SECRET_KEY: key, SANDBOX_PORT: 'abc' }),
    ).toThrow(/SANDBOX_PORT/);
    expect(() =>
      loadSandboxConfig({
        MIA_ENV: 'test',
        SANDBOX_SECRET_KEY: key,
        STRIPE_WEBHOOK_URL: 'not a url',
      }),
    ).toThrow(/STRIPE_WEBHOOK_URL/);
  });
});
