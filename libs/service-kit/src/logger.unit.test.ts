import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogLines, createLogger } from './logger.js';

const token = randomBytes(32).toString('base64url');
const sha256 = createHash('sha256').update(token).digest('hex');
const bcrypt = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
const jwt =
  'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjMiLCJzaWQiOiJhYmMifQ.c2lnbmF0dXJlLW9mLXRoZS1zZXNzaW9u';

let capture: ReturnType<typeof captureLogLines> | undefined;
afterEach(() => capture?.stop());

/** What one call writes, as the log would hold it. */
function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
  capture = captureLogLines();
  write(createLogger('test', 'trace'));
  capture.stop();
  return capture.lines.join('');
}

describe('log redaction', () => {
  it.each([
    ['a reset link in the message', `mail text: https://app.example/auth?token=${token} bye`],
    ['a link with the token in the fragment', `open https://app.example/auth#reset=${token}`],
    ['a verification link', `https://app.example/verify?email=a%40b.org&verification=${token}`],
    ['a bare token', `reset token ${token} issued`],
    ['a SHA-256 token hash', `stored hash ${sha256}`],
    ['a bcrypt hash', `hash is ${bcrypt}`],
    ['a bearer token', `Authorization: Bearer ${jwt}`],
    ['a session cookie', `cookie: mia_session=${jwt}; Path=/`],
  ])('drops %s from the message', (_, message) => {
    const line = logged((log) => log.info(message));
    for (const secret of [token, sha256, bcrypt, jwt]) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it('drops secrets under secret-like names at any depth', () => {
    const line = logged((log) =>
      log.info(
        {
          user: { profile: { passwordHash: bcrypt, tokenHash: sha256 } },
          req: { headers: { Authorization: `Bearer ${jwt}`, Cookie: `mia_session=${jwt}` } },
          res: { headers: { 'set-cookie': [`mia_session=${jwt}; HttpOnly`] } },
          mail: { verificationToken: token, password: 'Salmo 23: mi pastor' },
        },
        'deep',
      ),
    );
    for (const secret of [token, sha256, bcrypt, jwt, 'Salmo 23']) {
      expect(line).not.toContain(secret);
    }
  });

  it('drops a token from an error message and its stack', () => {
    const err = new Error(`could not send https://app.example/auth?token=${token}`);
    const line = logged((log) => log.error({ err }, 'failed'));
    expect(line).not.toContain(token);
    expect(JSON.parse(line).err.type).toBe('Error');
  });

  it('keeps what is not secret: ids, paths, addresses, subjects', () => {
    const id = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    const line = logged((log) =>
      log.info(
        { requestId: id, path: '/api/forgot-password', to: 'ana@iglesia.example', status: 200 },
        'Restablece tu contraseña',
      ),
    );
    expect(JSON.parse(line)).toMatchObject({
      requestId: id,
      path: '/api/forgot-password',
      to: 'ana@iglesia.example',
      status: 200,
      msg: 'Restablece tu contraseña',
    });
  });
});
