import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
});
