// TEMPORARY stand-in for the browser API schemas of @mia/contracts (libs/contracts/src/api),
// which another helper is writing; replaced by a re-export as soon as they land.
import { z } from 'zod';

export const PASSWORD_MAX_BYTES = 72;
const email = z.string().trim().pipe(z.email('Please enter a valid email address'));
export const passwordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .refine((p) => Buffer.byteLength(p, 'utf8') <= PASSWORD_MAX_BYTES, {
    message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
  });
export const loginRequestSchema = z.object({
  username: email,
  password: z.string().min(6, 'Password must be at least 6 characters'),
});
export const registerRequestSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  username: z.string().trim().min(3, 'Username must be at least 3 characters'),
  email,
  password: passwordSchema,
});
export const forgotPasswordRequestSchema = z.object({ email });
export const resetPasswordRequestSchema = z
  .object({
    token: z.string().trim().min(1, 'Reset token is required'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
