import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  devDefault,
  httpServerConfigProblems,
  httpServerConfigShape,
  tracingConfigShape,
  loadConfig,
  logLevelSchema,
  miaEnvSchema,
  originSchema,
  portSchema,
} from '@mia/service-kit';
import type { ServiceName } from './routes-table.js';

// src/ and dist/ sit at the same depth, so one relative path finds the repository from both.
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * Where one service lives: one URL, or several separated by commas (its replicas; the gateway
 * spreads requests over the ready ones). Local ports by default; production must say.
 */
const upstreamUrls = (port: number) =>
  devDefault(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(httpUrl).min(1, 'at least one URL')),
    `http://127.0.0.1:${port}`,
  );

/**
 * Express's `trust proxy`: unset/false trusts nobody (client-sent X-Forwarded-* are dropped);
 * true, a hop count, or a list of addresses/subnets ("loopback, 10.0.0.0/8") trusts those.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value): boolean | number | string => {
    const v = value.trim().toLowerCase();
    if (v === 'false' || v === '0' || v === 'no' || v === 'off') return false;
    if (v === 'true' || v === 'yes' || v === 'on') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return value;
  });

export const gatewayConfigSchema = z
  .object({
    // development | test | production; unset: production (the kit's mia-env.ts says what each allows).
    MIA_ENV: miaEnvSchema,
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: portSchema.default(8080),
    LOG_LEVEL: logLevelSchema.default('info'),
    IDENTITY_URL: upstreamUrls(8081),
    BILLING_URL: upstreamUrls(8082),
    ACCESS_URL: upstreamUrls(8083),
    SUPPORT_URL: upstreamUrls(8084),
    WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
    // Generous: the support chat may wait on a language model before it answers.
    PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    READY_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    // GET /readyz is public: one answer serves every request for this long, so requests cannot
    // make the gateway fan out to every service at their own rate.
    READY_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
    // How often the gateway asks each upstream replica's /readyz in the background; a replica
    // that answers 503 (draining) or fails gets no new requests until it is ready again.
    UPSTREAM_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).default(1_000),
    TRUST_PROXY: trustProxySchema,
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    // On SIGTERM /readyz answers 503 this long while requests are still served, so a load
    // balancer in front stops sending new ones before the gateway stops accepting.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
    // The local Stripe sandbox, forwarded at /sandbox/stripe (sandbox mode only; refused in
    // production, where the browser talks to Stripe itself).
    STRIPE_SANDBOX_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      httpUrl.optional(),
    ),
    // The public origin, for the absolute links of the landing page's structured data; unset:
    // the links are paths.
    PUBLIC_ORIGIN: z.preprocess(
      (value) => (value === '' ? undefined : value),
      originSchema.optional(),
    ),
    ...httpServerConfigShape,
    ...tracingConfigShape,
  })
  .refine((c) => !(c.MIA_ENV === 'production' && c.STRIPE_SANDBOX_URL), {
    message: 'STRIPE_SANDBOX_URL is for development and tests; production uses Stripe itself',
    path: ['STRIPE_SANDBOX_URL'],
  })
  .superRefine((config, ctx) => {
    for (const { variable, reason } of httpServerConfigProblems(config))
      ctx.addIssue({ code: 'custom', path: [variable], message: reason });
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(gatewayConfigSchema, env);

/** Each service's replica addresses (one or more). */
export const upstreamsOf = (config: GatewayConfig): Record<ServiceName, readonly string[]> => ({
  identity: config.IDENTITY_URL,
  billing: config.BILLING_URL,
  access: config.ACCESS_URL,
  support: config.SUPPORT_URL,
});
