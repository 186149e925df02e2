import { createHash, randomBytes } from 'node:crypto';
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
  /**
   * A stable identity (the mail queue's dedupe key). A mail sent again after a crash between
   * sending and recording it carries the same Message-ID, so mail clients show it once, and in
   * MAIL_DIR it overwrites its own file instead of adding a second one.
   */
  id?: string;
  /** When the mail became due (ISO); MAIL_DIR names the file by it. Default: now. */
  queuedAt?: string;
}

export interface Mailer {
  /** Where mails go, for the start-up log: `smtp` or the folder. */
  readonly destination: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** For the server's greeting once connected: a server that accepts and never greets. */
  greetingMs: number;
  /** Of inactivity on the socket during the conversation. */
  socketMs: number;
}

/**
 * Explicit, short limits: nodemailer's own defaults are minutes, and a send holds a queue row's
 * claim for as long as it lasts.
 */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  logger: Logger;
  smtpTimeouts?: Partial<SmtpTimeouts>;
}

/**
 * The one mailer of every service: SMTP when configured; otherwise each mail is written to files
 * in `mailDir` (and noted in the log without its text).
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : folderMailer(options);
}

/** `<hash-of-id@sender's domain>`: the same for every attempt at one queued mail. */
export function stableMessageId(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(id).digest('hex').slice(0, 32)}@${domain}>`;
}

function smtpMailer(url: string, { from, logger, smtpTimeouts }: MailerOptions): Mailer {
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...smtpTimeouts };
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    destination: 'smtp',
    async send({ to, subject, text, html, id }) {
      const messageId = id ? stableMessageId(id, from) : undefined;
      const info = await transport.sendMail({ from, to, subject, text, html, messageId });
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
      const { to, subject, text, html, meta, id, queuedAt } = mail;
      const messageId = id ? stableMessageId(id, from) : undefined;
      const info = (await render.sendMail({ from, to, subject, text, html, messageId })) as {
        message: Buffer;
      };
      const stamp = (queuedAt ?? new Date().toISOString()).replace(/[:.]/g, '-');
      // A queued mail's name depends on its key only, so sending it again rewrites one file.
      const tag = id
        ? createHash('sha256').update(id).digest('hex').slice(0, 6)
        : randomBytes(3).toString('hex');
      const base = join(mailDir, `${stamp}-${tag}-${fileSafe(to)}`);
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
