import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { identityConfigSchema } from '../config.js';
import { DEV_OAUTH_COOKIE_KEY } from '../shared/oauth-clients.js';

const client = (over: Record<string, unknown> = {}) => ({
  clientId: 'liturgia-gpt',
  clientSecret: 's'.repeat(40),
  name: 'Liturgia GPT',
  redirectUris: ['https://chat.openai.com/aip/g-1/oauth/callback'],
  ...over,
});

const production = (extra: Record<string, string> = {}) => {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    MIA_ENV: 'production',
    DATABASE_URL: 'postgres://identity@db:5432/mia',
    NATS_URL: 'nats://nats:4222',
    NATS_PASSWORD: 'n4ts-s3cret',
    PUBLIC_ORIGIN: 'https://ministerioia.example',
    SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
    JWT_PUBLIC_KEY: pair.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    JWT_PRIVATE_KEY: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    OAUTH_COOKIE_KEYS: 'k'.repeat(32),
    ...extra,
  };
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(identityConfigSchema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => `${p.variable}: ${p.reason}`);
    throw err;
  }
  return [];
};

describe('OAuth configuration', () => {
  it('has development defaults: no static clients, the development cookie key, 30-day refresh', () => {
    const config = loadConfig(identityConfigSchema, { MIA_ENV: 'development' });
    expect(config.OAUTH_CLIENTS).toEqual([]);
    expect(config.OAUTH_COOKIE_KEYS).toEqual([DEV_OAUTH_COOKIE_KEY]);
    expect(config.OAUTH_REFRESH_TOKEN_DAYS).toBe(30);
  });

  it('reads an empty value as no static clients', () => {
    const config = loadConfig(identityConfigSchema, { MIA_ENV: 'development', OAUTH_CLIENTS: '' });
    expect(config.OAUTH_CLIENTS).toEqual([]);
  });

  it('reads static clients from a JSON array (secret in the POST body unless said otherwise)', () => {
    const config = loadConfig(identityConfigSchema, {
      MIA_ENV: 'development',
      OAUTH_CLIENTS: JSON.stringify([client()]),
    });
    expect(config.OAUTH_CLIENTS).toEqual([
      { ...client(), tokenEndpointAuthMethod: 'client_secret_post' },
    ]);
  });

  it.each([
    ['not JSON', 'not json', /JSON array/],
    ['an object', JSON.stringify(client()), /array/],
    ['a repeated id', JSON.stringify([client(), client()]), /appears twice/],
    [
      'an http redirect',
      JSON.stringify([client({ redirectUris: ['http://x.example/cb'] })]),
      /https/,
    ],
    ['no redirect', JSON.stringify([client({ redirectUris: [] })]), /OAUTH_CLIENTS/],
    ['an unknown field', JSON.stringify([client({ scope: 'all' })]), /OAUTH_CLIENTS/],
  ])('refuses %s', (_name, value, message) => {
    expect(problems({ MIA_ENV: 'development', OAUTH_CLIENTS: value }).join('\n')).toMatch(message);
  });

  it('starts in production with strong secrets and its own cookie keys', () => {
    expect(problems(production({ OAUTH_CLIENTS: JSON.stringify([client()]) }))).toEqual([]);
  });

  it('refuses weak client secrets and missing or development cookie keys in production', () => {
    const weak = JSON.stringify([client({ clientSecret: 'corto' })]);
    expect(problems(production({ OAUTH_CLIENTS: weak })).join('\n')).toMatch(
      /OAUTH_CLIENTS.*liturgia-gpt.*32 characters/,
    );
    const { OAUTH_COOKIE_KEYS: _omitted, ...withoutKeys } = production();
    expect(problems(withoutKeys).join('\n')).toMatch(/OAUTH_COOKIE_KEYS/);
    expect(problems(production({ OAUTH_COOKIE_KEYS: DEV_OAUTH_COOKIE_KEY })).join('\n')).toMatch(
      /OAUTH_COOKIE_KEYS/,
    );
    expect(problems(production({ OAUTH_COOKIE_KEYS: 'short' })).join('\n')).toMatch(/32/);
  });
});
