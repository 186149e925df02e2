import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationErrorSchema } from '@mia/contracts';
import { HttpError, tooManyRequests } from './errors.js';
import { validate } from './validation.js';

const register = z.object({
  email: z.email(),
  username: z.string().min(3),
  password: z.string().min(6, 'Password must be at least 6 characters'),
  role: z.enum(['user', 'admin']).optional(),
});

function rejection(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('validate', () => {
  it('returns the parsed value', () => {
    const value = { email: 'a@b.co', username: 'ana', password: 'secret1' };
    expect(validate(register, value)).toEqual(value);
  });

  it('uses the message written in the schema, not zod boilerplate', () => {
    const error = rejection(() =>
      validate(register, { email: 'a@b.co', username: 'ana', password: '123' }),
    );
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      message: 'Password must be at least 6 characters',
      code: 'validation_error',
      details: [{ path: 'password', message: 'Password must be at least 6 characters' }],
    });
    expect(validationErrorSchema.safeParse(error.toBody()).success).toBe(true);
  });

  it('names the fields in its own messages and lists every problem', () => {
    const error = rejection(() =>
      validate(register, { email: 'nope', password: 'x', role: 'root' }, { subject: 'Body' }),
    );
    expect(error.details).toEqual([
      { path: 'email', message: 'email must be a valid email address' },
      { path: 'username', message: 'username is required' },
      { path: 'password', message: 'Password must be at least 6 characters' },
      { path: 'role', message: 'role must be one of "user", "admin"' },
    ]);
    expect(error.message).toBe(
      'Email must be a valid email address. Username is required. ' +
        'Password must be at least 6 characters. Role must be one of "user", "admin"',
    );
  });

  it('speaks of the value as a whole when it is not even an object', () => {
    const error = rejection(() => validate(register, undefined, { subject: 'Request body' }));
    expect(error.message).toBe('Request body is required');
    expect(rejection(() => validate(register, [1], { subject: 'Request body' })).message).toBe(
      'Request body must be an object',
    );
  });

  it('names nested paths and keeps refinement messages', () => {
    const schema = z
      .object({
        items: z.array(z.object({ qty: z.number().int().min(1) })).min(1),
        password: z.string(),
        confirm: z.string(),
      })
      .refine((v) => v.password === v.confirm, {
        message: "Passwords don't match",
        path: ['confirm'],
      });
    const error = rejection(() =>
      validate(schema, { items: [{ qty: 0 }], password: 'a', confirm: 'b' }),
    );
    expect(error.details).toEqual([
      { path: 'items.0.qty', message: 'items.0.qty must be at least 1' },
      { path: 'confirm', message: "Passwords don't match" },
    ]);
    const mismatch = rejection(() =>
      validate(schema, { items: [{ qty: 1 }], password: 'a', confirm: 'b' }),
    );
    expect(mismatch.message).toBe("Passwords don't match");
  });
});

describe('HttpError helpers', () => {
  it('only includes the fields that are set', () => {
    expect(new HttpError(409, 'Email already registered').toBody()).toEqual({
      message: 'Email already registered',
    });
  });

  it('tooManyRequests carries Retry-After in whole seconds', () => {
    const error = tooManyRequests(1.2);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '2' });
  });
});
