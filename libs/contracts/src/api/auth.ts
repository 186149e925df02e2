import { z } from 'zod';
import { singleLineText } from '../text.js';

/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_BYTES = 72;

// Passwords are hashed in Unicode NFC (identity's hasher), so they are measured in it too: "é"
// typed as e + combining accent is one character and two bytes, as the hash sees it.
const nfc = (value: string) => value.normalize('NFC');
const characters = (value: string) => [...nfc(value)].length;
const utf8Length = (value: string) => new TextEncoder().encode(nfc(value)).length;

export const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters';
export const PASSWORD_BLANK_MESSAGE = 'Password must not be only spaces';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address'));

/** NUL and other control characters never belong in a password, nor in its confirmation. */
const PASSWORD_CONTROL_MESSAGE = 'Password must not contain control characters';

/**
 * A new password: at least 6 characters and at most 72 bytes of its NFC form, not all blank,
 * no control characters.
 */
export const passwordSchema = singleLineText({ min: 0, controlMessage: PASSWORD_CONTROL_MESSAGE })
  .refine((value) => characters(value) >= PASSWORD_MIN_LENGTH, PASSWORD_MIN_MESSAGE)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, 'Password must be at most 72 bytes')
  .refine((value) => nfc(value).trim().length > 0, PASSWORD_BLANK_MESSAGE);

export const roleSchema = z.enum(['user', 'admin']);

/**
 * The user object of GET /api/user, /api/login and /api/register. `emailVerified`: the user
 * opened the verification link mailed at registration (the dashboard asks until then).
 * `twoFactorEnabled`: sign-in asks for a code from an authenticator app (absent from older
 * answers: off).
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/register: the user, and in development only the verification link's token. */
export const registerResponseSchema = userSchema.extend({
  verificationToken: z.string().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Sign-in sends the e-mail in `username`, as the spec's client does. */
export const loginRequestSchema = z.object({
  username: emailSchema,
  password: singleLineText({
    min: PASSWORD_MIN_LENGTH,
    minMessage: 'Password must be at least 6 characters',
    controlMessage: PASSWORD_CONTROL_MESSAGE,
  }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  name: singleLineText({
    trim: true,
    min: 2,
    max: 100,
    minMessage: 'Name must be at least 2 characters',
    maxMessage: 'Name must be at most 100 characters',
    controlMessage: 'Name must be a single line without control characters',
  }),
  username: singleLineText({
    trim: true,
    min: 3,
    max: 50,
    minMessage: 'Username must be at least 3 characters',
    maxMessage: 'Username must be at most 50 characters',
    controlMessage: 'Username must be a single line without control characters',
  }),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form: the request plus confirmation and the terms checkbox (client only). */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: singleLineText({ min: 0, controlMessage: PASSWORD_CONTROL_MESSAGE }),
    acceptTerms: z.boolean().refine((v) => v, 'You must accept the terms and conditions'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResponseSchema = z.object({
  message: z.string(),
  resetToken: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const resetPasswordRequestSchema = z
  .object({
    token: singleLineText({
      trim: true,
      max: 200,
      minMessage: 'Reset token is required',
      controlMessage: 'Reset token must not contain control characters',
    }),
    newPassword: passwordSchema,
    confirmPassword: singleLineText({ min: 0, controlMessage: PASSWORD_CONTROL_MESSAGE }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/verify-email: the token of the mailed link (`/verify-email?token=`). */
export const verifyEmailRequestSchema = z.object({
  token: singleLineText({
    trim: true,
    max: 200,
    minMessage: 'Verification token is required',
    controlMessage: 'Verification token must not contain control characters',
  }),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/verify-email/resend: a new link (development only: its token too). */
export const resendVerificationResponseSchema = z.object({
  message: z.string(),
  verificationToken: z.string().optional(),
});
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// Second factor (TOTP, RFC 6238) and the recovery codes.

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const SECOND_FACTOR_CODE_MESSAGE =
  'Enter the 6-digit code from your authenticator app or one of your recovery codes';

/** A code from the authenticator app: six digits (spaces typed in the middle are dropped). */
const totpCodeSchema = z
  .string(TOTP_CODE_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A TOTP code or a recovery code (`xxxxx-xxxxx`, any case). */
const secondFactorCodeSchema = z
  .string(SECOND_FACTOR_CODE_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, SECOND_FACTOR_CODE_MESSAGE));

/** POST /api/login on an account with a second factor: 202, no session yet. */
export const secondFactorRequiredSchema = z.object({ secondFactor: z.literal('totp') });
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** POST /api/login/second-factor: the code for the pending sign-in (its cookie says which). */
export const secondFactorRequestSchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

/** POST /api/2fa/totp/setup: the secret for the app, and the URL its QR code holds. */
export const totpSetupResponseSchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]+$/),
  otpauthUrl: z.string().startsWith('otpauth://totp/'),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/2fa/totp/enable: the app's current code confirms the set-up. */
export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export type TotpEnableRequest = z.input<typeof totpEnableRequestSchema>;

/** The ten single-use recovery codes, shown this once (only their hashes are kept). */
export const totpEnableResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(10),
});
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;

/** POST /api/2fa/disable: the password and a code (app or recovery) again. */
export const twoFactorDisableRequestSchema = z.object({
  password: singleLineText({
    min: 1,
    max: 200,
    minMessage: 'Password is required',
    controlMessage: PASSWORD_CONTROL_MESSAGE,
  }),
  code: secondFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

// Roles: granted and removed by an admin's command, with the reason (identity owns them).

/** POST /api/admin/roles. */
export const adminRoleRequestSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  reason: singleLineText({
    trim: true,
    min: 3,
    max: 500,
    minMessage: 'Please give a reason (at least 3 characters)',
    maxMessage: 'The reason must be at most 500 characters',
    controlMessage: 'The reason must be a single line without control characters',
  }),
});
export type AdminRoleRequest = z.input<typeof adminRoleRequestSchema>;

/** The user's role after the command; `changed` is false when they already had it. */
export const adminRoleResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: roleSchema,
  changed: z.boolean(),
});
export type AdminRoleResponse = z.infer<typeof adminRoleResponseSchema>;
