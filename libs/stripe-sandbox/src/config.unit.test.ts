import { describe, expect, it } from 'vitest';
import { loadSandboxConfig, SandboxConfigError } from './config.js';

describe('sandbox configuration', () => {
  it('has development defaults', () => {
    expect(loadSandboxConfig({})).toEqual({
      port: 12111,
      options: {
        host: '127.0.0.1',
        pathPrefix: '/sandbox/stripe',
        secretKey: 'sk_test_sandbox',
        publishableKey: 'pk_test_sandbox',
        webhookUrl: null,
        webhookSecret: 'whsec_sandbox_development_secret',
        disputeDelayMs: 2000,
      },
    });
  });

  it('reads the environment', () => {
    const config = loadSandboxConfig({
      SANDBOX_PORT: '4000',
      SANDBOX_HOST: '0.0.0.0',
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:8082/api/webhooks/stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_other',
      SANDBOX_SECRET_KEY: 'sk_test_other',
      SANDBOX_PUBLISHABLE_KEY: 'pk_test_other',
    });
    expect(config.port).toBe(4000);
    expect(config.options).toMatchObject({
      host: '0.0.0.0',
      webhookUrl: 'http://127.0.0.1:8082/api/webhooks/stripe',
      webhookSecret: 'whsec_other',
      secretKey: 'sk_test_other',
      publishableKey: 'pk_test_other',
    });
  });

  it('refuses to run in production', () => {
    expect(() => loadSandboxConfig({ NODE_ENV: 'production' })).toThrow(SandboxConfigError);
  });

  it('refuses live keys and bad values', () => {
    expect(() => loadSandboxConfig({ SANDBOX_SECRET_KEY: 'sk_live_x' })).toThrow(
      /SANDBOX_SECRET_KEY/,
    );
    expect(() => loadSandboxConfig({ SANDBOX_PORT: 'abc' })).toThrow(/SANDBOX_PORT/);
    expect(() => loadSandboxConfig({ STRIPE_WEBHOOK_URL: 'not a url' })).toThrow(
      /STRIPE_WEBHOOK_URL/,
    );
  });
});
