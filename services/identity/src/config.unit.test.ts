import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { exposesResetToken, identityConfigSchema } from './config.js';

const key = () => {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    JWT_PUBLIC_KEY: pair.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    JWT_PRIVATE_KEY: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
};

const production = (extra: Record<string, string> = {}) => ({
  MIA_ENV: 'production',
  DATABASE_URL: 'postgres://identity@db:5432/mia',
  NATS_URL: 'nats://nats:4222',
  NATS_PASSWORD: 'n4ts-s3cret',
  PUBLIC_ORIGIN: 'https://ministerioia.example',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  OAUTH_COOKIE_KEYS: 'oauth-cookie-key-of-production-0123456789',
  ...key(),
  ...extra,
});

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(identityConfigSchema, { MIA_ENV: 'development', ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.variable);
    throw err;
  }
  return [];
};

describe('identity configuration', () => {
  it('has development defaults: port 8081, cost 11, 2 h idle, 7 days absolute, 1 h reset links', () => {
    const config = loadConfig(identityConfigSchema, { MIA_ENV: 'development' });
    expect(config).toMatchObject({
      PORT: 8081,
      BCRYPT_COST: 11,
      SESSION_IDLE_MINUTES: 120,
      SESSION_ABSOLUTE_HOURS: 168,
      RESET_TOKEN_TTL_MINUTES: 60,
      ADMIN_EMAILS: [],
    });
    expect(config.JWT_PRIVATE_KEY).toContain('PRIVATE KEY');
    expect(config.MAIL_DIR).toMatch(/\.data\/mail$/);
  });

  it('reads ADMIN_EMAILS trimmed and lower-case, and refuses a non-address', () => {
    const config = loadConfig(identityConfigSchema, {
      MIA_ENV: 'development',
      ADMIN_EMAILS: ' Pastor@Iglesia.org ,admin@x.org',
    });
    expect(config.ADMIN_EMAILS).toEqual(['pastor@iglesia.org', 'admin@x.org']);
    expect(problemsOf({ ADMIN_EMAILS: 'not-an-email' })).toEqual(['ADMIN_EMAILS']);
  });

  it('never lets bcrypt cost go below 10', () => {
    expect(problemsOf({ BCRYPT_COST: '9' })).toEqual(['BCRYPT_COST']);
    expect(
      loadConfig(identityConfigSchema, { MIA_ENV: 'development', BCRYPT_COST: '12' }).BCRYPT_COST,
    ).toBe(12);
  });

  it('keeps the bcrypt wait budget below the request timeout', () => {
    const config = loadConfig(identityConfigSchema, { MIA_ENV: 'development' });
    expect(config.BCRYPT_MAX_WAIT_MS).toBe(25_000);
    expect(config.BCRYPT_MAX_WAIT_MS).toBeLessThan(config.HTTP_REQUEST_TIMEOUT_MS);
    expect(problemsOf({ BCRYPT_MAX_WAIT_MS: '30000' })).toEqual(['BCRYPT_MAX_WAIT_MS']);
    expect(problemsOf({ BCRYPT_MAX_WAIT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '4000' })).toEqual([
      'BCRYPT_MAX_WAIT_MS',
    ]);
    expect(problemsOf({ BCRYPT_MAX_WAIT_MS: '29000' })).toEqual([]);
  });

  it('starts in production with real keys and SMTP', () => {
    expect(problemsOf(production())).toEqual([]);
  });

  it('refuses production without SMTP_URL, with the dev key, or exposing reset tokens', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production();
    expect(problemsOf(withoutSmtp)).toEqual(['SMTP_URL']);
    expect(problemsOf(production({ EXPOSE_RESET_TOKEN: 'true' }))).toEqual(['EXPOSE_RESET_TOKEN']);
    const { JWT_PRIVATE_KEY: _key, ...withoutKey } = production();
    expect(problemsOf(withoutKey)).toEqual(['JWT_PRIVATE_KEY']);
  });

  it('hands the reset token to the browser in development only', () => {
    expect(exposesResetToken({ MIA_ENV: 'development' })).toBe(true);
    expect(exposesResetToken({ MIA_ENV: 'development', EXPOSE_RESET_TOKEN: false })).toBe(false);
    expect(exposesResetToken({ MIA_ENV: 'test', EXPOSE_RESET_TOKEN: true })).toBe(false);
    expect(exposesResetToken({ MIA_ENV: 'production', EXPOSE_RESET_TOKEN: true })).toBe(false);
  });
});
