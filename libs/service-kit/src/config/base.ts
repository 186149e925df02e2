import { z } from 'zod';
import { devDefault, devSecret } from './dev-defaults.js';
import { devKeys } from './dev-keys.js';
import {
  booleanEnvSchema,
  logLevelSchema,
  natsUrlSchema,
  originListSchema,
  originSchema,
  portSchema,
  postgresUrlSchema,
  privateKeyPemSchema,
  publicKeyPemSchema,
  sqlIdentifierSchema,
  trustedProxiesSchema,
} from './env-schemas.js';
import { httpServerConfigShape } from './http-server.js';
import { tracingConfigShape } from '../tracing/config-shape.js';
import { miaEnvSchema } from './mia-env.js';

export const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mia';
export const DEV_NATS_URL = 'nats://127.0.0.1:4222';
export const DEV_PUBLIC_ORIGIN = 'http://localhost:8080';

/**
 * What every service reads from its environment. A service extends it:
 * `loadConfig(baseConfigSchema.extend({ PORT: portSchema.default(8081), ... }))`.
 */
export const baseConfigSchema = z.object({
  // development | test | production; unset: production (see mia-env.ts for what each allows).
  MIA_ENV: miaEnvSchema,
  SERVICE_NAME: z.string().min(1).optional(),
  // Unset: every interface.
  HOST: z.string().min(1).optional(),
  PORT: portSchema.default(3000),
  LOG_LEVEL: logLevelSchema.default('info'),
  DATABASE_URL: devDefault(postgresUrlSchema, DEV_DATABASE_URL),
  DATABASE_SCHEMA: sqlIdentifierSchema.optional(),
  // Connections per process, and how long a request waits for one before it is answered 503.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).default(10_000),
  NATS_URL: devDefault(natsUrlSchema, DEV_NATS_URL),
  // The service's own NATS user (default: the service's name) and its password; its
  // permissions come from deploy/nats (generated from the code). Required in production;
  // unset elsewhere: anonymous, for a development NATS without users.
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: devSecret(z.string().min(1).optional(), undefined),
  // Subject/stream prefix, so test runs (and tenants of one NATS) never see each other's events.
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+\.$/, 'must be letters, digits, _ or - followed by a dot')
    .default('mia.'),
  JWT_PUBLIC_KEY: devSecret(publicKeyPemSchema, () => devKeys()?.publicKeyPem),
  JWT_ISSUER: z.string().min(1).default('mia-identity'),
  JWT_AUDIENCE: z.string().min(1).default('mia'),
  // Unset: secure in production only (plain http://localhost cannot carry a Secure cookie).
  SESSION_COOKIE_SECURE: booleanEnvSchema.optional(),
  // Where browsers load the app from; state-changing requests from other origins are refused.
  PUBLIC_ORIGIN: devDefault(originSchema, DEV_PUBLIC_ORIGIN),
  ALLOWED_ORIGINS: originListSchema.default([]),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // How long NATS waits for a consumer's ack before it delivers the event again (a crashed
  // handler's events come back after this). Long enough for the slowest handler.
  NATS_ACK_WAIT_MS: z.coerce.number().int().min(1_000).default(30_000),
  // On SIGTERM, how long /readyz answers 503 while requests are still served, before the
  // listener closes: the gateway (probing every second) stops sending new requests meanwhile.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(3_000),
  // How long the `replay` command's one transaction may run (appends wait for it meanwhile).
  REPLAY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  // Who may tell a client's address in X-Forwarded-For (rate limits key on it): the gateway's
  // addresses. Anyone else that reaches a service directly is taken at its socket address.
  TRUSTED_PROXIES: trustedProxiesSchema.default(['loopback']),
  ...httpServerConfigShape,
  ...tracingConfigShape,
  // Absolute lifetime of a login session, counted from the sign-in. Identity never refreshes a
  // token past it; every service refuses older tokens and remembers revocations this long.
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  // Tests only (refused unless MIA_ENV=test): a file holding the offset in ms the service's clock
  // runs ahead of the wall clock, moved together with the Stripe sandbox's clock.
  MIA_TEST_CLOCK_FILE: z.string().min(1).optional(),
});
export type BaseConfig = z.output<typeof baseConfigSchema>;

/** Identity's extension: the key that signs session tokens. */
export const sessionSigningConfigShape = {
  JWT_PRIVATE_KEY: devSecret(privateKeyPemSchema, () => devKeys()?.privateKeyPem),
};

export const SESSION_COOKIE_NAME = 'mia_session';

export interface SessionCookieSettings {
  name: string;
  secure: boolean;
}

/** `__Host-` binds a secure cookie to this exact host (no Domain, Path=/), so it needs Secure. */
export function sessionCookieSettings(
  config: Pick<BaseConfig, 'MIA_ENV' | 'SESSION_COOKIE_SECURE'>,
): SessionCookieSettings {
  const secure = config.SESSION_COOKIE_SECURE ?? config.MIA_ENV === 'production';
  return { name: secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME, secure };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins browsers may send state-changing requests from. Outside production a loopback
 * PUBLIC_ORIGIN also allows its other spellings (localhost / 127.0.0.1 / [::1], same port), so
 * opening the app either way works locally.
 */
export function allowedOrigins(
  config: Pick<BaseConfig, 'MIA_ENV' | 'PUBLIC_ORIGIN' | 'ALLOWED_ORIGINS'>,
): string[] {
  const origins = new Set([config.PUBLIC_ORIGIN, ...config.ALLOWED_ORIGINS]);
  const publicUrl = new URL(config.PUBLIC_ORIGIN);
  if (config.MIA_ENV !== 'production' && LOOPBACK_HOSTS.includes(publicUrl.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(config.PUBLIC_ORIGIN);
      alias.hostname = host;
      origins.add(alias.origin);
    }
  }
  return [...origins];
}
