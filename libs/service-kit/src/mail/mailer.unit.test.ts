import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogLines, createLogger } from '../logger.js';
import { createMailer } from './mailer.js';

let dir: string | undefined;
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('folder mailer (no SMTP_URL)', () => {
  it('keeps the mail in the folder and logs only where it went, never its text or links', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mia-mailer-'));
    const token = 'Zq3vK8pW1xYbN5mR7tL2cD9fH4jS6gA0eU1iO3kP5wQ';
    const link = `https://app.example/auth?token=${token}`;
    const capture = captureLogLines();
    try {
      const mailer = createMailer({
        from: 'Ministerio IA <no-reply@ministerioia.com>',
        mailDir: dir,
        logger: createLogger('mail-test', 'trace'),
      });
      await mailer.send({
        to: 'ana@iglesia.example',
        subject: 'Restablece tu contraseña',
        text: `Hola, Ana: ${link}`,
        html: `<a href="${link}">Restablecer</a>`,
        meta: { token, resetUrl: link },
      });
      mailer.close();
    } finally {
      capture.stop();
    }
    const log = capture.lines.join('');
    expect(log).toContain('ana@iglesia.example');
    expect(log).not.toContain(token);
    expect(log).not.toContain('Hola, Ana');
    const json = (await readdir(dir)).find((f) => f.endsWith('.json'))!;
    expect(JSON.parse(await readFile(join(dir, json), 'utf8'))).toMatchObject({ token });
  });
});
