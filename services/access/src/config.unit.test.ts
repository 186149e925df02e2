import { ConfigError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema, DEV_GPT_API_KEY } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig(configSchema, { MIA_ENV: 'development', ...env });
const problems = (env: Record<string, string>) => {
  try {
    load(env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

describe('access configuration', () => {
  it('has working development defaults', () => {
    const config = load({});
    expect(config.GPT_API_KEYS).toEqual([DEV_GPT_API_KEY]);
    expect(config.VERIFY_RATE_LIMIT_MAX).toBe(20);
    expect(config.PORT).toBe(8083);
  });

  it('sizes the verification limits for many customers per key and 60 per code', () => {
    const config = load({});
    expect(config.GPT_VERIFY_RATE_LIMIT_MAX).toBe(6000);
    expect(config.GPT_VERIFY_PER_CODE_MAX).toBe(60);
    expect(config.GPT_VERIFY_FAILURES_MAX).toBe(120);
    expect(config.GPT_VERIFY_REPLICAS).toBe(1);
  });

  it('takes several comma-separated API keys', () => {
    expect(load({ GPT_API_KEYS: 'one, two' }).GPT_API_KEYS).toEqual(['one', 'two']);
  });

  it('no longer reads tool destinations: they are catalogue data from billing', () => {
    expect(Object.keys(configSchema.shape)).not.toContain('GPT_URLS');
    // A deployment that still sets it starts; billing read it once to seed the destinations.
    expect(problems({ GPT_URLS: 'not json' })).toBe('');
  });

  it('refuses the development key and secret in production', () => {
    const production = {
      MIA_ENV: 'production',
      GPT_API_KEYS: `a-production-key-of-enough-length-1,${DEV_GPT_API_KEY}`,
    };
    const message = problems(production);
    expect(message).toMatch(/GPT_API_KEYS: contains the development key/);
    expect(message).toMatch(/ACCESS_CODE_SECRET: is required in production/);
    expect(problems({ MIA_ENV: 'production' })).toMatch(/GPT_API_KEYS: is required in production/);
    expect(problems({ MIA_ENV: 'production', GPT_API_KEYS: 'short' })).toMatch(
      /at least 24 characters/,
    );
  });
});
