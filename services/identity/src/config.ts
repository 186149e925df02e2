import { z } from 'zod';
import {
  baseConfigSchema,
  booleanEnvSchema,
  commaListSchema,
  portSchema,
  sessionSigningConfigShape,
  defaultMailDir,
  devSecret,
  mailConfigShape,
} from '@mia/service-kit';
import {
  DEV_OAUTH_COOKIE_KEY,
  staticClientProblems,
  staticClientsSchema,
} from './shared/oauth-clients.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Identity's configuration. Each variable is documented where it is declared; the README's
 * table is built from these comments.
 */
export const identityConfigSchema = baseConfigSchema
  .extend({
    PORT: portSchema.default(8081),
    // ES256 private key (PEM) that signs session tokens; other services verify with
    // JWT_PUBLIC_KEY. Development default: the committed dev key, refused in production.
    ...sessionSigningConfigShape,
    // Comma-separated e-mails that get the admin role once the address is verified (checked
    // when the link is opened and at every start). It only bootstraps: it never takes the role
    // from anyone, listed or not; only an admin's POST /api/admin/roles does. Compared trimmed
    // and case-insensitively.
    ADMIN_EMAILS: commaListSchema
      .pipe(z.array(z.string().trim().toLowerCase().pipe(z.email())))
      .default([]),
    // SMTP_URL, MAIL_FROM, MAIL_DIR: where mail goes (the kit's mail module).
    ...mailConfigShape({ mailDir: defaultMailDir(import.meta.url) }),
    // bcrypt cost factor (2^cost rounds), 10 to 15. Default 11: measured on the 2-core reference
    // machine (bcryptjs in a worker) at 62 ms for 10, 125 ms for 11, 249 ms for 12, 496 ms for 13,
    // so ~16 sign-ins/s with 2 workers. Re-measure with `npm run measure-bcrypt -w services/identity`.
    BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(11),
    // Worker threads that run bcrypt off the event loop (default: 2, fewer on a 1-core machine).
    BCRYPT_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    // Longest wait for a bcrypt worker that a register or sign-in accepts; a request that would
    // wait longer (tasks ahead / workers x the measured time of one) is answered 503 with
    // Retry-After at once. Must stay below HTTP_REQUEST_TIMEOUT_MS and the gateway's
    // PROXY_TIMEOUT_MS (30 s both), which must also cover the hash itself: 25 s leaves 5 s for
    // the hash and the rest of the request even on a loaded machine.
    BCRYPT_MAX_WAIT_MS: z.coerce.number().int().min(100).default(25_000),
    // Idle lifetime of a session token; GET /api/user re-issues it once half of it is gone.
    SESSION_IDLE_MINUTES: positiveInt(120),
    // How long a password-reset link stays valid.
    RESET_TOKEN_TTL_MINUTES: positiveInt(60),
    // How long an e-mail verification link stays valid.
    EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().positive().max(720).default(24),
    // Development only: include `resetToken` in the forgot-password answer and
    // `verificationToken` in the register and resend-verification answers (default true in
    // development), so local tools verify without a mailbox. Ignored outside
    // MIA_ENV=development, refused in production.
    EXPOSE_RESET_TOKEN: booleanEnvSchema.optional(),
    // Length of every rate-limit window. A limited client is free again when it ends.
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
    // Sign-in attempts per client IP per window.
    RATE_LIMIT_LOGIN_PER_IP: positiveInt(30),
    // Failed sign-ins per account from one client IP before that pair is slowed down: each
    // further attempt from it waits 1 s, then 2, 4... up to the window (a success clears it).
    // Other IPs, the owner's among them, are not affected.
    RATE_LIMIT_LOGIN_FREE_FAILURES: positiveInt(5),
    // Registrations per client IP per window.
    RATE_LIMIT_REGISTER_PER_IP: positiveInt(10),
    // Registration attempts per e-mail address per window.
    RATE_LIMIT_REGISTER_PER_ACCOUNT: positiveInt(5),
    // Password-reset requests per client IP per window.
    RATE_LIMIT_FORGOT_PER_IP: positiveInt(10),
    // Password-reset requests per e-mail address per window.
    RATE_LIMIT_FORGOT_PER_ACCOUNT: positiveInt(3),
    // Password-reset submissions (POST /api/reset-password) per client IP per window.
    RATE_LIMIT_RESET_PER_IP: positiveInt(20),
    // E-mail verification submissions (POST /api/verify-email) per client IP per window.
    RATE_LIMIT_VERIFY_PER_IP: positiveInt(20),
    // New verification links (POST /api/verify-email/resend) per account per window.
    RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT: positiveInt(3),
    // Second-factor codes tried (sign-in, enabling, disabling) per account per window; per
    // client IP they share RATE_LIMIT_LOGIN_PER_IP. With 3 codes valid at a time out of a
    // million, 10 guesses per 15 minutes make a guess ~1 in 30 000 per window.
    RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT: positiveInt(10),
    // Our GPTs as OAuth clients of the authorization server: a JSON array of {clientId,
    // clientSecret, name, redirectUris, tokenEndpointAuthMethod?} (exact https callback URLs on
    // the chatbot's domain; the secret goes in the POST body unless `client_secret_basic`). In
    // production each secret needs at least 32 characters. Default: none.
    OAUTH_CLIENTS: staticClientsSchema.default([]),
    // Comma-separated keys (32+ characters each) that sign the authorization server's own
    // cookies (the consent interaction); the first signs, all verify, so a new key goes first.
    // Development default refused in production.
    OAUTH_COOKIE_KEYS: devSecret(
      commaListSchema.pipe(z.array(z.string().min(32, 'each key needs 32+ characters')).min(1)),
      DEV_OAUTH_COOKIE_KEY,
    ),
    // How long a connected app's refresh token lives (each use gives a new one; a reused one
    // ends the connection). No revoked connection outlives it.
    OAUTH_REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().max(365).default(30),
    // Dynamic client registrations (POST /api/oauth/register, MCP clients) per client IP per
    // window.
    RATE_LIMIT_OAUTH_REGISTER_PER_IP: positiveInt(10),
    // Account exports a user may ask for per day (each one makes every service read everything).
    RATE_LIMIT_EXPORT_PER_DAY: positiveInt(3),
    // How long an export waits for every service's part before its status names the late ones.
    ACCOUNT_EXPORT_DEADLINE_MINUTES: z.coerce.number().int().positive().max(1440).default(30),
  })
  .superRefine((config, ctx) => {
    // A request accepted to wait that long would be answered after the gateway gave up on it
    // (PROXY_TIMEOUT_MS, 30 s): a 504 after the work was done, where a quick 503 was the point.
    // Identity cannot read the gateway's setting; its own request timeout is the same 30 s.
    if (config.BCRYPT_MAX_WAIT_MS >= config.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['BCRYPT_MAX_WAIT_MS'],
        message: 'must be below HTTP_REQUEST_TIMEOUT_MS (the hash and the request need time too)',
      });
    }
    if (config.MIA_ENV !== 'production') return;
    if (config.EXPOSE_RESET_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['EXPOSE_RESET_TOKEN'],
        message:
          'must not be enabled in production (reset and verification tokens would reach the browser)',
      });
    }
    for (const message of staticClientProblems(config.OAUTH_CLIENTS)) {
      ctx.addIssue({ code: 'custom', path: ['OAUTH_CLIENTS'], message });
    }
    if (!config.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (reset mails would otherwise only reach the log)',
      });
    }
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;

/**
 * Whether forgot-password may answer with the token itself (development only, as the spec
 * shows); register and resend-verification do the same with the verification token.
 */
export const exposesResetToken = (config: Pick<IdentityConfig, 'MIA_ENV' | 'EXPOSE_RESET_TOKEN'>) =>
  config.MIA_ENV === 'development' && (config.EXPOSE_RESET_TOKEN ?? true);
