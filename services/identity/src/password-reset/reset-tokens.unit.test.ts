import { describe, expect, it } from 'vitest';
import { resetMail } from './reset-mail.js';
import { hashResetToken, newResetToken, resetUrl } from './reset-tokens.js';

describe('reset tokens', () => {
  it('carries 256 random bits, URL-safe and longer than the spec’s 20-character rule', () => {
    const tokens = new Set(Array.from({ length: 200 }, newResetToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('is stored as its SHA-256 only', () => {
    const token = newResetToken();
    const hash = hashResetToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashResetToken(token)).toBe(hash);
  });

  it('builds the link the auth screen reads', () => {
    expect(resetUrl('https://ministerioia.example', 'abc_-1')).toBe(
      'https://ministerioia.example/auth?token=abc_-1',
    );
  });
});

describe('reset mail', () => {
  it('is in Spanish, carries the link in text and HTML, and escapes the name', () => {
    const mail = resetMail({
      to: 'ana@iglesia.org',
      name: 'Ana <b>',
      resetUrl: 'http://localhost:8080/auth?token=t0k',
      token: 't0k',
      validMinutes: 60,
    });
    expect(mail.subject).toBe('Restablece tu contraseña de Ministerio IA');
    expect(mail.text).toContain('http://localhost:8080/auth?token=t0k');
    expect(mail.text).toContain('válido durante 1 hora');
    expect(mail.text).toContain('Si no solicitaste este cambio');
    expect(mail.html).toContain('href="http://localhost:8080/auth?token=t0k"');
    expect(mail.html).toContain('Ana &lt;b&gt;');
    expect(mail.html).not.toContain('Ana <b>');
    expect(mail.meta).toEqual({ resetUrl: 'http://localhost:8080/auth?token=t0k', token: 't0k' });
  });
});
