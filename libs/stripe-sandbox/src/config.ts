import { z } from 'zod';
import { secretKeyProblem } from './access.js';
import { SANDBOX_DEFAULTS, type StripeSandboxOptions } from './sandbox.js';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  MIA_ENV: z.string().optional(),
  SANDBOX_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(65_535).default(SANDBOX_DEFAULTS.port),
  ),
  SANDBOX_HOST: z.preprocess(emptyAsUndefined, z.string().default(SANDBOX_DEFAULTS.host)),
  SANDBOX_PATH_PREFIX: z.preprocess(
    emptyAsUndefined,
    z.string().default(SANDBOX_DEFAULTS.pathPrefix),
  ),
  SANDBOX_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  // No default: a key anyone can read in the repository would open the sandbox to anyone.
  SANDBOX_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z.string({ error: 'is required (npm start generates one per run)' }).superRefine((key, ctx) => {
      const problem = secretKeyProblem(key);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  // Origins whose pages may call the sandbox on its own port, comma-separated; through the
  // gateway the browser is same-origin and needs none.
  SANDBOX_ALLOWED_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin))),
  ),
  SANDBOX_PUBLISHABLE_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().startsWith('pk_test_').default(SANDBOX_DEFAULTS.publishableKey),
  ),
  SANDBOX_DISPUTE_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().nonnegative().default(SANDBOX_DEFAULTS.disputeDelayMs),
  ),
  STRIPE_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().startsWith('whsec_').default(SANDBOX_DEFAULTS.webhookSecret),
  ),
});

export interface SandboxConfig {
  port: number;
  options: StripeSandboxOptions;
}

export class SandboxConfigError extends Error {}

/**
 * The CLI's configuration from the environment. The sandbox takes no real money, and production
 * must never pretend to: it runs only with MIA_ENV=development or test, never in production
 * (which is what an unset MIA_ENV means).
 */
export function loadSandboxConfig(env: Record<string, string | undefined>): SandboxConfig {
  const mode = env.MIA_ENV?.trim();
  if (mode !== 'development' && mode !== 'test') {
    throw new SandboxConfigError(
      'The Stripe sandbox runs only with MIA_ENV=development or test (unset means production).',
    );
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new SandboxConfigError(`Invalid sandbox configuration: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  return {
    port: c.SANDBOX_PORT,
    options: {
      host: c.SANDBOX_HOST,
      pathPrefix: c.SANDBOX_PATH_PREFIX,
      secretKey: c.SANDBOX_SECRET_KEY,
      publishableKey: c.SANDBOX_PUBLISHABLE_KEY,
      webhookUrl: c.STRIPE_WEBHOOK_URL ?? null,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      disputeDelayMs: c.SANDBOX_DISPUTE_DELAY_MS,
      allowedOrigins: c.SANDBOX_ALLOWED_ORIGINS,
      ...(c.SANDBOX_PUBLIC_URL ? { publicUrl: c.SANDBOX_PUBLIC_URL } : {}),
    },
  };
}
