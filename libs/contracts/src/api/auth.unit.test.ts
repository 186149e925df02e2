import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  registerFormSchema,
  resetPasswordRequestSchema,
  secondFactorRequestSchema,
  totpEnableRequestSchema,
} from './auth.js';
import { verifyGptAccessRequestSchema } from './access.js';
import { createTicketRequestSchema } from './tickets.js';
import { chatRequestSchema } from './support-chat.js';
import { messages } from './messages.fixture.js';

// Spec section 5 words these messages; the web shows them as they are.
describe('browser API validation messages', () => {
  it('sign in', () => {
    expect(messages(loginRequestSchema, { username: 'nope', password: '123' })).toEqual([
      'username: Please enter a valid email address',
      'password: Password must be at least 6 characters',
    ]);
  });

  it('register form', () => {
    expect(
      messages(registerFormSchema, {
        name: 'A',
        username: 'ab',
        email: 'x@y.org',
        password: 'secret1',
        confirmPassword: 'secret2',
        acceptTerms: false,
      }),
    ).toEqual([
      'name: Name must be at least 2 characters',
      'username: Username must be at least 3 characters',
      'acceptTerms: You must accept the terms and conditions',
      "confirmPassword: Passwords don't match",
    ]);
    expect(
      messages(registerFormSchema, {
        name: 'Ana',
        username: 'ana',
        email: 'x@y.org',
        password: 'secret1',
        confirmPassword: 'secret2',
        acceptTerms: true,
      }),
    ).toEqual(["confirmPassword: Passwords don't match"]);
  });

  it('refuses passwords bcrypt would truncate (over 72 bytes), counting UTF-8 bytes', () => {
    const ok = 'ñ'.repeat(36); // 72 bytes
    const tooLong = 'ñ'.repeat(37); // 74 bytes, 37 characters
    const form = (password: string) => ({
      name: 'Ana',
      username: 'ana',
      email: 'x@y.org',
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    expect(messages(registerFormSchema, form(ok))).toEqual([]);
    expect(messages(registerFormSchema, form(tooLong))).toEqual([
      'password: Password must be at most 72 bytes',
    ]);
  });

  it('refuses whitespace-only passwords and measures the NFC form (characters, then bytes)', () => {
    const form = (password: string) => ({
      name: 'Ana',
      username: 'ana',
      email: 'x@y.org',
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    expect(messages(registerFormSchema, form('        '))).toEqual([
      'password: Password must not be only spaces',
    ]);
    expect(messages(registerFormSchema, form('\u3000\u3000\u3000\u3000\u3000\u3000'))).toEqual([
      'password: Password must not be only spaces',
    ]);
    // Six UTF-16 units, three characters once composed (e + combining acute -> é).
    expect(messages(registerFormSchema, form('e\u0301e\u0301e\u0301'))).toEqual([
      'password: Password must be at least 6 characters',
    ]);
    // 36 × (n + combining tilde) is 108 bytes as typed but 72 (36 × ñ) as hashed.
    expect(messages(registerFormSchema, form('n\u0303'.repeat(36)))).toEqual([]);
    // U+0958 has no composed form: NFC keeps it as two code points (6 bytes), so 13 of them
    // are 39 bytes typed and 78 hashed.
    expect(messages(registerFormSchema, form('\u0958'.repeat(13)))).toEqual([
      'password: Password must be at most 72 bytes',
    ]);
    // Spaces of any kind (a no-break space, an ideographic space) are still only spaces.
    const blank = '  \u00a0 \u3000 ';
    expect(
      messages(resetPasswordRequestSchema, {
        token: 't',
        newPassword: blank,
        confirmPassword: blank,
      }),
    ).toEqual(['newPassword: Password must not be only spaces']);
    // Tabs and line breaks cannot be typed into a password field: refused as control characters.
    expect(
      messages(resetPasswordRequestSchema, {
        token: 't',
        newPassword: ' \t  \n ',
        confirmPassword: ' \t  \n ',
      }),
    ).toContain('newPassword: Password must not contain control characters');
  });

  it('reset password', () => {
    expect(
      messages(resetPasswordRequestSchema, {
        token: ' ',
        newPassword: 'abcdef',
        confirmPassword: 'abcdeg',
      }),
    ).toEqual(['token: Reset token is required', "confirmPassword: Passwords don't match"]);
  });

  it('normalises e-mails (trimmed, lower case)', () => {
    expect(
      loginRequestSchema.parse({ username: ' Ana@Iglesia.ORG ', password: 'secret1' }).username,
    ).toBe('ana@iglesia.org');
  });

  it('access page', () => {
    expect(messages(verifyGptAccessRequestSchema, { email: '', productId: '' })).toEqual([
      'email: Por favor, ingresa tu email y selecciona un producto.',
      'productId: Por favor, ingresa tu email y selecciona un producto.',
    ]);
  });

  it('new ticket', () => {
    expect(
      messages(createTicketRequestSchema, { title: '', description: 'short', categoryId: '' }),
    ).toEqual([
      'title: Title is required',
      'description: Description must be at least 10 characters',
      'categoryId: Category is required',
    ]);
    expect(
      messages(createTicketRequestSchema, {
        title: 'x'.repeat(201),
        description: 'long enough text',
        categoryId: 'c',
      }),
    ).toEqual(['title: Title must be less than 200 characters']);
    expect(
      createTicketRequestSchema.parse({
        title: 'T',
        description: 'long enough text',
        categoryId: 'c',
      }).priority,
    ).toBe('medium');
  });

  it('chat: whitespace-only messages are refused, others trimmed', () => {
    expect(messages(chatRequestSchema, { message: '   ' })).toEqual([
      'message: Message is required',
    ]);
    expect(chatRequestSchema.parse({ message: '  hola  ' }).message).toBe('hola');
  });
});

describe('second factor requests', () => {
  it('takes an app code with spaces typed in it, or a recovery code', () => {
    expect(secondFactorRequestSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(secondFactorRequestSchema.parse({ code: 'ABCDE-FGHJK' })).toEqual({
      code: 'ABCDE-FGHJK',
    });
    expect(messages(secondFactorRequestSchema, { code: '12345' })).toEqual([
      'code: Enter the 6-digit code from your authenticator app or one of your recovery codes',
    ]);
    // Enabling needs the app's code itself: a recovery code does not exist yet.
    expect(messages(totpEnableRequestSchema, { code: 'ABCDE-FGHJK' })).toEqual([
      'code: Enter the 6-digit code from your authenticator app',
    ]);
  });
});
