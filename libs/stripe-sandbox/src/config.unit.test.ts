import { describe, expect, it } from 'vitest';
import { loadSandboxConfig, SandboxConfigError } from './config.js';

describe('sandbox configuration', () => {
  it('has development defaults', () => {
    expect(loadSandboxConfig({ MIA_ENV: 'development' })).toEqual({
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
      MIA_ENV: 'test',
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

  it('refuses to run in production, which is what an unset MIA_ENV means', () => {
    expect(() => loadSandboxConfig({ MIA_ENV: 'production' })).toThrow(SandboxConfigError);
    expect(() => loadSandboxConfig({})).toThrow(/MIA_ENV=development or test/);
    expect(() => loadSandboxConfig({ NODE_ENV: 'development' })).toThrow(SandboxConfigError);
  });

  it('refuses live keys and bad values', () => {
    expect(() => loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_SECRET_KEY: 'sk_live_x' })).toThrow(
      /SANDBOX_SECRET_KEY/,
    );
    expect(() => loadSandboxConfig({ MIA_ENV: 'test', SANDBOX_PORT: 'abc' })).toThrow(
      /SANDBOX_PORT/,
    );
    expect(() => loadSandboxConfig({ MIA_ENV: 'test', STRIPE_WEBHOOK_URL: 'not a url' })).toThrow(
      /STRIPE_WEBHOOK_URL/,
    );
  });
});
