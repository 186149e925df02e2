// TEMPORARY local stand-in until libs/contracts/src/api lands (not part of the repo).
import { z } from 'zod';
export * from '../../libs/contracts/src/api/index.ts';
export const userSchema = z.object({ id: z.string(), name: z.string(), username: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;
export const loginRequestSchema = z.object({ username: z.string().email('Please enter a valid email address'), password: z.string().min(6, 'Password must be at least 6 characters') });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const registerRequestSchema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters'), username: z.string().min(3, 'Username must be at least 3 characters'), email: z.string().email('Please enter a valid email address'), password: z.string().min(6, 'Password must be at least 6 characters') });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerFormSchema = registerRequestSchema.extend({ confirmPassword: z.string(), acceptTerms: z.boolean().refine((v) => v, 'You must accept the terms and conditions') }).refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export const forgotPasswordRequestSchema = z.object({ email: z.string().email('Please enter a valid email address') });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordResponseSchema = z.object({ message: z.string(), resetToken: z.string().optional() });
export const resetPasswordRequestSchema = z.object({ token: z.string().min(1, 'Reset token is required'), newPassword: z.string().min(6, 'Password must be at least 6 characters'), confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
