import {
  baseConfigSchema,
  commaListSchema,
  devSecret,
  portSchema,
  defaultMailDir,
  mailConfigShape,
} from '@mia/service-kit';
import { z } from 'zod';

/** The development bearer key of the GPT verification API (documented, refused in production). */
export const DEV_GPT_API_KEY = 'mia-dev-gpt-key';
/** Development secret for access codes (documented, refused in production). */
export const DEV_ACCESS_CODE_SECRET = 'development-only-access-code-secret-not-for-production';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const MIN_PRODUCTION_KEY_LENGTH = 24;

/**
 * Access's configuration. Each variable is documented where it is declared; the README's table
 * is built from these comments.
 */
export const configSchema = baseConfigSchema
  .extend({
    PORT: portSchema.default(8083),
    // Bearer keys the GPT Actions and MCP clients send to /api/gpt/v1/verify and /api/gpt/mcp,
    // comma-separated (several at once, for rotation). Development default: `mia-dev-gpt-key`,
    // refused in production, where each key must have at least 24 characters.
    GPT_API_KEYS: devSecret(
      commaListSchema.pipe(z.array(z.string().min(1)).min(1, 'needs at least one key')),
      DEV_GPT_API_KEY,
    ),
    // Secret from which the access codes' lookup hashes (HMAC) and their encryption key
    // (AES-256-GCM) are derived. At least 32 characters. Changing it invalidates every code
    // (users then get a new one). Development default refused in production.
    ACCESS_CODE_SECRET: devSecret(z.string().min(32), DEV_ACCESS_CODE_SECRET),
    // Public access check (POST /api/verify-gpt-access): requests per client IP per window.
    VERIFY_RATE_LIMIT_MAX: positiveInt(20),
    // Length of the public access check's rate-limit window, in seconds.
    VERIFY_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    // Verification API and MCP tool: code lookups per API key per window. One key serves every
    // customer of a GPT, so it is sized for many of them (100 per second).
    GPT_VERIFY_RATE_LIMIT_MAX: positiveInt(6000),
    // Length of the verification API's rate-limit windows (per key, per code, failures), in s.
    GPT_VERIFY_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    // Verification API and MCP tool: lookups of one access code per window, whatever the key,
    // so one customer's heavy use never eats the budget the key's other customers share.
    GPT_VERIFY_PER_CODE_MAX: positiveInt(60),
    // Verification API and MCP tool: wrong codes per API key per window; past it the key's
    // lookups answer 429 with Retry-After until the budget refills (guessing slows down).
    GPT_VERIFY_FAILURES_MAX: positiveInt(120),
    // Verification API and MCP tool with a user access token (OAuth): calls per connected
    // app's client id per window (one GPT or assistant app serves many customers).
    OAUTH_VERIFY_PER_CLIENT_MAX: positiveInt(6000),
    // Verification API and MCP tool with a user access token: calls per user per window,
    // whatever the app, so one customer's heavy use never eats the app's shared budget.
    OAUTH_VERIFY_PER_USER_MAX: positiveInt(60),
    // How long a revoked OAuth grant (connected app) is remembered, and how far back each
    // replica reads OAuthGrantRevoked at start: at least identity's refresh-token lifetime, so
    // no token of a revoked connection is ever accepted again.
    OAUTH_REVOCATION_LOOKBACK_HOURS: positiveInt(30 * 24),
    // How many access replicas run: the verification limits are counted in each replica's
    // memory, each enforcing limit / replicas (see the README for the tolerance).
    GPT_VERIFY_REPLICAS: positiveInt(1),
    // Most entries GET /api/timeline and the admin customer view return (the newest ones).
    TIMELINE_LIMIT: z.coerce.number().int().min(10).max(5000).default(500),
    // Verifications of one user's access code through the GPT API within an hour beyond which
    // the user (if usage alerts are on) gets one mail for that hour.
    USAGE_ALERT_THRESHOLD: positiveInt(50),
    // Days a plan whose renewal failed keeps its tools, counted from the failed period's start;
    // after them the tools wait until an invoice is paid (the card updated). 0: no grace.
    PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
    // How often the sweep that mails paid gifts on their send date runs, in ms (one replica at
    // a time acts). Short: a gift with no date is mailed as soon as it is paid, at the next sweep.
    GIFT_SWEEP_MS: positiveInt(10_000),
    // SMTP_URL, MAIL_FROM, MAIL_DIR: where mail goes (the kit's mail module).
    ...mailConfigShape({ mailDir: defaultMailDir(import.meta.url) }),
  })
  .superRefine((config, ctx) => {
    if (config.MIA_ENV !== 'production') return;
    // The development default alone is loadConfig's to report (missing, or the public value).
    const keys = config.GPT_API_KEYS;
    if (keys.length === 1 && keys[0] === DEV_GPT_API_KEY) return;
    if (keys.includes(DEV_GPT_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GPT_API_KEYS'],
        message: 'contains the development key, which is public; remove it in production',
      });
    }
    if (keys.some((key) => key.length < MIN_PRODUCTION_KEY_LENGTH)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GPT_API_KEYS'],
        message: `every key must have at least ${MIN_PRODUCTION_KEY_LENGTH} characters in production`,
      });
    }
  });

export type AccessConfig = z.output<typeof configSchema>;
