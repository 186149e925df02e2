import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { createMailer, DEFAULT_SMTP_TIMEOUTS, type Mailer } from './mailer.js';

/**
 * The repository's `.data/mail` seen from a service's config module: src/ and dist/ sit at the
 * same depth (`services/<name>/{src,dist}/config.js`), so the same path serves both.
 */
export const defaultMailDir = (configModuleUrl: string): string =>
  fileURLToPath(new URL('../../../.data/mail', configModuleUrl));

/**
 * The variables of every service that mails (identity, billing, access, support): where mail
 * goes and who sends it. Spread into a service's configuration schema.
 */
export const mailConfigShape = (options: { mailDir: string; from?: string }) => ({
  // SMTP server, e.g. smtps://user:pass@smtp.example.org:465. Unset: mails are written to
  // MAIL_DIR (identity and billing require it in production).
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  // Sender of the service's mails.
  MAIL_FROM: z
    .string()
    .min(3)
    .default(options.from ?? 'Ministerio IA <no-reply@ministerioia.com>'),
  // Folder for mails when SMTP_URL is unset: <time>-<to>.eml plus a .json twin for tools/tests.
  MAIL_DIR: z.string().min(1).default(options.mailDir),
  // Limits of one SMTP conversation (ms): connecting, the server's greeting, socket inactivity.
  SMTP_CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_SMTP_TIMEOUTS.connectionMs),
  SMTP_GREETING_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_SMTP_TIMEOUTS.greetingMs),
  SMTP_SOCKET_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_SMTP_TIMEOUTS.socketMs),
});

/** What mailConfigShape reads. */
export interface MailConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  MAIL_DIR: string;
  SMTP_CONNECTION_TIMEOUT_MS: number;
  SMTP_GREETING_TIMEOUT_MS: number;
  SMTP_SOCKET_TIMEOUT_MS: number;
}

/** The service's mailer from its mail configuration. */
export const mailerFromConfig = (config: MailConfig, logger: Logger): Mailer =>
  createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: config.MAIL_DIR,
    logger,
    smtpTimeouts: {
      connectionMs: config.SMTP_CONNECTION_TIMEOUT_MS,
      greetingMs: config.SMTP_GREETING_TIMEOUT_MS,
      socketMs: config.SMTP_SOCKET_TIMEOUT_MS,
    },
  });
