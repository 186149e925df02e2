import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultMailDir, mailConfigShape } from './mail-config.js';

const schema = z.object(mailConfigShape({ mailDir: '/tmp/mail', from: 'Soporte <s@example.org>' }));

describe('mail configuration', () => {
  it('given nothing, when read, writes mail to the folder from the given sender', () => {
    expect(schema.parse({})).toEqual({
      MAIL_FROM: 'Soporte <s@example.org>',
      MAIL_DIR: '/tmp/mail',
      SMTP_CONNECTION_TIMEOUT_MS: 10_000,
      SMTP_GREETING_TIMEOUT_MS: 10_000,
      SMTP_SOCKET_TIMEOUT_MS: 30_000,
    });
  });

  it('given an SMTP URL, when read, takes smtp:// and smtps:// only', () => {
    expect(schema.parse({ SMTP_URL: 'smtps://u:p@smtp.example.org:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.org:465',
    );
    expect(() => schema.parse({ SMTP_URL: 'http://smtp.example.org' })).toThrow(/smtp:\/\//);
  });

  it("finds the repository's .data/mail from a service's src or dist config module", () => {
    const root = new URL('../../../../', import.meta.url).pathname;
    for (const dir of ['src', 'dist'])
      expect(defaultMailDir(`file://${root}services/billing/${dir}/config.js`)).toBe(
        `${root}.data/mail`,
      );
  });
});
