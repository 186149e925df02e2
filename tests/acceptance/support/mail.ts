import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The mailbox folder of the run (`npm run test:acceptance:local` passes the system's). */
export const mailDir = () => process.env.ACCEPTANCE_MAIL_DIR || undefined;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The newest link to `page` (`/equipo/invitacion`, `/regalo`) with a token in the mails written
 * to `email` in the mailbox folder, as its path and query (the browser opens it on the target,
 * whichever name the deployment gave itself in the link). Undefined while none has arrived.
 */
export async function linkIn(
  folder: string,
  email: string,
  page: string,
): Promise<string | undefined> {
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const link = new RegExp(`https?://[^\\s"'<>]+${escaped(page)}\\?token=[^\\s"'<>&]+`);
  let found: string | undefined;
  for (const file of files) {
    const mail = JSON.parse(await readFile(join(folder, file), 'utf8')) as {
      to?: string;
      text?: string;
    };
    if (mail.to?.toLowerCase() !== email.toLowerCase()) continue;
    const match = link.exec(mail.text ?? '');
    if (match) {
      const url = new URL(match[0]);
      found = `${url.pathname}${url.search}`;
    }
  }
  return found;
}

/**
 * Waits for the link mailed to `email`, as a person waits for the mail to arrive: mails go
 * out after the request's transaction (the services' mail queues), some after an event
 * reached another service (a gift's mail after the payment's).
 */
export async function mailedLink(email: string, page: string, timeoutMs = 30_000) {
  const folder = mailDir();
  if (!folder) throw new Error('no ACCEPTANCE_MAIL_DIR: the mailed link cannot be read');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = await linkIn(folder, email, page);
    if (link) return link;
    if (Date.now() > deadline) {
      throw new Error(`no mail with a ${page}?token= link reached ${email} in ${folder}`);
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
}
