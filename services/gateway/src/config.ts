import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  devDefault,
  httpServerConfigProblems,
  httpServerConfigShape,
  loadConfig,
  logLevelSchema,
  portSchema,
} from '@mia/service-kit';

// src/ and dist/ sit at the same depth, so one relative path finds the repository from both.
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// Local ports by default; production must say where each service lives.
const upstreamUrl = (port: number) =>
  devDefault(z.url({ protocol: /^https?$/ }), `http://127.0.0.1:${port}`);

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
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: portSchema.default(8080),
    LOG_LEVEL: logLevelSchema.default('info'),
    IDENTITY_URL: upstreamUrl(8081),
    BILLING_URL: upstreamUrl(8082),
    ACCESS_URL: upstreamUrl(8083),
    SUPPORT_URL: upstreamUrl(8084),
    WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
    // Generous: the support chat may wait on a language model before it answers.
    PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    READY_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    // GET /readyz is public: one answer serves every request for this long, so requests cannot
    // make the gateway fan out to every service at their own rate.
    READY_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
    TRUST_PROXY: trustProxySchema,
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    // The local Stripe sandbox, forwarded at /sandbox/stripe (sandbox mode only; refused in
    // production, where the browser talks to Stripe itself).
    STRIPE_SANDBOX_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/ }).optional(),
    ),
    ...httpServerConfigShape,
  })
  .refine((c) => !(c.NODE_ENV === 'production' && c.STRIPE_SANDBOX_URL), {
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

export const upstreamsOf = (config: GatewayConfig) => ({
  identity: config.IDENTITY_URL,
  billing: config.BILLING_URL,
  access: config.ACCESS_URL,
  support: config.SUPPORT_URL,
});
