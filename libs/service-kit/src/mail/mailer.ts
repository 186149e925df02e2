import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra machine-readable facts written beside a mail kept in MAIL_DIR (never sent). */
  meta?: Record<string, unknown>;
}

export interface Mailer {
  /** Where mails go, for the start-up log: `smtp` or the folder. */
  readonly destination: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  logger: Logger;
}

/**
 * The one mailer of every service: SMTP when configured; otherwise each mail is written to files
 * in `mailDir` (and noted in the log without its text).
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : folderMailer(options);
}

function smtpMailer(url: string, { from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    destination: 'smtp',
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      logger.info({ to, subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9@._-]+/g, '_').slice(0, 100);

/**
 * Development without SMTP: `<time>-<to>.eml` (open it in a mail client) and a `.json` twin
 * `{to, subject, text, html, ...meta}` that tools and browser tests read. Production refuses to
 * start without SMTP_URL, so reset links never end up only in a log there.
 */
function folderMailer({ from, mailDir, logger }: MailerOptions): Mailer {
  const render = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    destination: mailDir,
    async send(mail) {
      const { to, subject, text, html, meta } = mail;
      const info = (await render.sendMail({ from, to, subject, text, html })) as {
        message: Buffer;
      };
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = join(mailDir, `${stamp}-${randomBytes(3).toString('hex')}-${fileSafe(to)}`);
      await mkdir(mailDir, { recursive: true });
      await writeFile(`${base}.eml`, info.message);
      await writeFile(
        `${base}.json`,
        `${JSON.stringify({ to, from, subject, text, html, ...meta }, null, 2)}\n`,
      );
      // Never the text: it may hold a link with a token (reset, verification).
      logger.info({ to, subject, file: `${base}.eml` }, 'mail written (no SMTP_URL set)');
    },
    close: () => render.close(),
  };
}
