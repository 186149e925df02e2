import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The token of the newest e-mail verification mail identity wrote to `mailDir` for `email`
 * (without SMTP, each mail has a .json twin there): the mailbox a tester would open. Undefined
 * while none has arrived.
 */
export async function verificationTokenIn(
  mailDir: string,
  email: string,
): Promise<string | undefined> {
  const files = (await readdir(mailDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  let token: string | undefined;
  for (const file of files) {
    const mail = JSON.parse(await readFile(join(mailDir, file), 'utf8')) as {
      to?: string;
      verifyUrl?: string;
      token?: string;
    };
    if (mail.to === email.toLowerCase() && mail.verifyUrl && mail.token) token = mail.token;
  }
  return token;
}
