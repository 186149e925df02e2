import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allowedOrigins,
  baseConfigSchema,
  sessionCookieSettings,
  sessionSigningConfigShape,
} from './base.js';
import { devDefault, devSecret } from './dev-defaults.js';
import { devKeys } from './dev-keys.js';
import { portSchema } from './env-schemas.js';
import { ConfigError, loadConfig } from './load.js';
import { configForLog } from './redact.js';

const freshPair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
};

/** What `npm start` sets; the development defaults only load with it (or with `test`). */
const dev = (env: Record<string, string> = {}) => ({ MIA_ENV: 'development', ...env });

const productionEnv = () => ({
  MIA_ENV: 'production',
  DATABASE_URL: 'postgres://identity:s3cret@db.internal:5432/mia',
  NATS_URL: 'nats://nats:4222',
  NATS_PASSWORD: 'n4ts-s3cret',
  PUBLIC_ORIGIN: 'https://ministerio-ia.example',
  JWT_PUBLIC_KEY: freshPair().publicKeyPem,
});

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives explicit development defaults, including the committed dev key', () => {
    const config = loadConfig(baseConfigSchema, dev());
    expect(config).toMatchObject({
      MIA_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mia',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_PREFIX: 'mia.',
      JWT_ISSUER: 'mia-identity',
      JWT_AUDIENCE: 'mia',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    expect(config.JWT_PUBLIC_KEY).toContain('BEGIN PUBLIC KEY');
    expect(config.JWT_PUBLIC_KEY.trim()).toBe(devKeys()?.publicKeyPem.trim());
  });

  it('lets a service extend the base schema and coerces env strings', () => {
    const schema = baseConfigSchema.extend({
      PORT: portSchema.default(8081),
      ADMIN_EMAILS: z.string().default(''),
    });
    expect(loadConfig(schema, dev()).PORT).toBe(8081);
    expect(loadConfig(schema, dev({ PORT: '9000', ADMIN_EMAILS: 'a@b.c' }))).toMatchObject({
      PORT: 9000,
      ADMIN_EMAILS: 'a@b.c',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(baseConfigSchema, dev({ PORT: '', LOG_LEVEL: ' ' })).LOG_LEVEL).toBe('info');
  });

  it('lists every invalid variable by name with the reason, without values', () => {
    const error = configError(() =>
      loadConfig(baseConfigSchema, {
        MIA_ENV: 'development',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        JWT_PUBLIC_KEY: 'not a key',
      }),
    );
    expect(error.problems.map((p) => p.variable).sort()).toEqual([
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'LOG_LEVEL',
      'PORT',
    ]);
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(error.message).toContain(
      'JWT_PUBLIC_KEY: must be a PEM-encoded P-256 (ES256) public key',
    );
    expect(error.message).not.toContain('hunter2');
  });

  it('says "is required" for a missing required variable', () => {
    const schema = baseConfigSchema.extend({ STRIPE_WEBHOOK_SECRET: z.string() });
    const error = configError(() => loadConfig(schema, dev()));
    expect(error.problems).toEqual([{ variable: 'STRIPE_WEBHOOK_SECRET', reason: 'is required' }]);
  });

  it('accepts a PEM written on one line with \\n escapes', () => {
    const { publicKeyPem } = freshPair();
    const config = loadConfig(
      baseConfigSchema,
      dev({ JWT_PUBLIC_KEY: publicKeyPem.trim().replace(/\n/g, '\\n') }),
    );
    expect(config.JWT_PUBLIC_KEY.trim()).toBe(publicKeyPem.trim());
  });

  it('refuses a key that is not ES256', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const error = configError(() => loadConfig(baseConfigSchema, dev({ JWT_PUBLIC_KEY: pem })));
    expect(error.problems[0]?.variable).toBe('JWT_PUBLIC_KEY');
  });

  it('starts in production when every development value is replaced', () => {
    const config = loadConfig(baseConfigSchema, productionEnv());
    expect(config.MIA_ENV).toBe('production');
    expect(sessionCookieSettings(config)).toEqual({ name: '__Host-mia_session', secure: true });
  });

  it('refuses production with the development key pair, listing the variables', () => {
    const env = { ...productionEnv(), JWT_PUBLIC_KEY: devKeys()!.publicKeyPem };
    const error = configError(() => loadConfig(baseConfigSchema, env));
    expect(error.message).toMatch(/^Refusing to start/);
    expect(error.problems).toEqual([
      {
        variable: 'JWT_PUBLIC_KEY',
        reason: 'is the development secret, which is public; set a production value',
      },
    ]);

    const signing = baseConfigSchema.extend(sessionSigningConfigShape);
    const withDevPrivate = { ...productionEnv(), JWT_PRIVATE_KEY: devKeys()!.privateKeyPem };
    expect(configError(() => loadConfig(signing, withDevPrivate)).problems).toEqual([
      expect.objectContaining({ variable: 'JWT_PRIVATE_KEY' }),
    ]);
  });

  it('recognises the development key even when re-encoded on one line', () => {
    const oneLine = devKeys()!.publicKeyPem.trim().replace(/\n/g, '\\n');
    const env = { ...productionEnv(), JWT_PUBLIC_KEY: oneLine };
    expect(configError(() => loadConfig(baseConfigSchema, env)).problems).toHaveLength(1);
  });

  it('runs as production with an empty environment, naming every missing setting at once', () => {
    const error = configError(() => loadConfig(baseConfigSchema, {}));
    expect(error.message).toMatch(/^Refusing to start: invalid configuration for production/);
    expect(error.problems.map((p) => p.variable).sort()).toEqual([
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'NATS_PASSWORD',
      'NATS_URL',
      'PUBLIC_ORIGIN',
    ]);
    expect(error.message).toContain('JWT_PUBLIC_KEY: is required in production');
    expect(error.message).toContain('DATABASE_URL: must be set explicitly in production');
  });

  it('takes an unset or empty MIA_ENV as production, and refuses the development key there', () => {
    for (const MIA_ENV of [undefined, '', ' ']) {
      const env = { ...productionEnv(), MIA_ENV };
      expect(loadConfig(baseConfigSchema, env).MIA_ENV).toBe('production');
      const withDevKey = { ...env, JWT_PUBLIC_KEY: devKeys()!.publicKeyPem };
      expect(configError(() => loadConfig(baseConfigSchema, withDevKey)).problems).toEqual([
        expect.objectContaining({ variable: 'JWT_PUBLIC_KEY' }),
      ]);
    }
  });

  it('no longer lets NODE_ENV decide: NODE_ENV=development still runs as production', () => {
    const error = configError(() => loadConfig(baseConfigSchema, { NODE_ENV: 'development' }));
    expect(error.problems.map((p) => p.variable)).toContain('JWT_PUBLIC_KEY');
    expect(loadConfig(baseConfigSchema, { MIA_ENV: 'test', NODE_ENV: 'test' }).MIA_ENV).toBe(
      'test',
    );
  });

  it('refuses NODE_ENV=production with MIA_ENV=development (a production image talked down)', () => {
    const error = configError(() =>
      loadConfig(baseConfigSchema, { MIA_ENV: 'development', NODE_ENV: 'production' }),
    );
    expect(error.problems).toEqual([
      expect.objectContaining({
        variable: 'MIA_ENV',
        reason: expect.stringContaining('NODE_ENV=production') as string,
      }),
    ]);
  });

  it('refuses an unknown MIA_ENV, and judges it as production meanwhile', () => {
    const error = configError(() => loadConfig(baseConfigSchema, { MIA_ENV: 'staging' }));
    expect(error.problems.map((p) => p.variable)).toEqual(
      expect.arrayContaining(['MIA_ENV', 'DATABASE_URL', 'JWT_PUBLIC_KEY']),
    );
  });

  it('applies the same rule to a service-defined development secret', () => {
    const schema = baseConfigSchema.extend({
      SMTP_PASSWORD: devSecret(z.string().min(1), 'dev-password'),
      SMTP_HOST: devDefault(z.string(), 'localhost'),
    });
    expect(loadConfig(schema, dev()).SMTP_PASSWORD).toBe('dev-password');
    const env = { ...productionEnv(), SMTP_PASSWORD: 'dev-password', SMTP_HOST: 'localhost' };
    // An explicit SMTP_HOST=localhost is a choice; the committed password never is.
    expect(configError(() => loadConfig(schema, env)).problems).toEqual([
      expect.objectContaining({ variable: 'SMTP_PASSWORD' }),
    ]);
    expect(loadConfig(schema, { ...env, SMTP_PASSWORD: 'real' }).SMTP_PASSWORD).toBe('real');
  });
});

describe('derived settings', () => {
  it('names the session cookie by its security', () => {
    expect(sessionCookieSettings({ MIA_ENV: 'development' })).toEqual({
      name: 'mia_session',
      secure: false,
    });
    expect(
      sessionCookieSettings({ MIA_ENV: 'development', SESSION_COOKIE_SECURE: true }).name,
    ).toBe('__Host-mia_session');
  });

  it('normalises origins and rejects ones with a path', () => {
    const config = loadConfig(baseConfigSchema, {
      MIA_ENV: 'development',
      PUBLIC_ORIGIN: 'https://Example.org/',
      ALLOWED_ORIGINS: 'http://localhost:5173, https://admin.example.org',
    });
    expect(allowedOrigins(config)).toEqual([
      'https://example.org',
      'http://localhost:5173',
      'https://admin.example.org',
    ]);
    expect(allowedOrigins(loadConfig(baseConfigSchema, dev()))).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    const production = { ...productionEnv(), PUBLIC_ORIGIN: 'http://localhost:8080' };
    expect(allowedOrigins(loadConfig(baseConfigSchema, production))).toEqual([
      'http://localhost:8080',
    ]);
    const error = configError(() =>
      loadConfig(baseConfigSchema, dev({ ALLOWED_ORIGINS: 'https://example.org/app' })),
    );
    expect(error.problems[0]?.variable).toBe('ALLOWED_ORIGINS');
  });
});

describe('configForLog', () => {
  it('hides secrets and URL passwords', () => {
    const schema = baseConfigSchema.extend({
      STRIPE_SECRET_KEY: z.string().optional(),
      SMTP_PASS: devSecret(z.string(), 'dev'),
    });
    const config = loadConfig(schema, {
      MIA_ENV: 'development',
      DATABASE_URL: 'postgres://identity:hunter2@db:5432/mia',
      STRIPE_SECRET_KEY: 'sk_live_x',
    });
    const logged = configForLog(schema, config);
    expect(JSON.stringify(logged)).not.toMatch(/hunter2|sk_live_x|BEGIN PUBLIC KEY|"dev"/);
    expect(logged).toMatchObject({
      DATABASE_URL: 'postgres://identity:redacted@db:5432/mia',
      STRIPE_SECRET_KEY: '[redacted]',
      SMTP_PASS: '[redacted]',
      JWT_PUBLIC_KEY: '[redacted]',
      PORT: 3000,
    });
  });
});
