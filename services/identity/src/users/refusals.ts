import { DomainError } from '@mia/service-kit';

// Why a command on a user is refused, with the messages the browser shows (the web's tests
// import them from the files that used to define them, which re-export them from here).

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

export const RESET_TOKEN_MESSAGES = {
  invalid: 'This password reset link is invalid. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
  superseded:
    'This password reset link is no longer valid because the password was changed since. Please request a new one.',
  replaced:
    'This password reset link was replaced by a newer one. Please use the latest link we sent you.',
  expired: 'This password reset link has expired. Please request a new one.',
} as const;

export type ResetLinkProblem = keyof typeof RESET_TOKEN_MESSAGES;

export const VERIFICATION_TOKEN_MESSAGES = {
  invalid: 'This verification link is invalid. Please request a new one.',
  used: 'This verification link has already been used.',
  replaced:
    'This verification link was replaced by a newer one. Please use the latest link we sent you.',
  expired: 'This verification link has expired. Please request a new one.',
} as const;

export type VerificationLinkProblem = keyof typeof VERIFICATION_TOKEN_MESSAGES;

export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

/** A wrong e-mail and a wrong password get this same answer, so neither tells which it was. */
export const invalidCredentials = () =>
  new DomainError('unauthorized', 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);

export const wrongCurrentPassword = () =>
  new DomainError('invalid', 'wrong_password', WRONG_CURRENT_PASSWORD_MESSAGE);

export const resetLinkRefused = (problem: ResetLinkProblem) =>
  new DomainError('invalid', `reset_token_${problem}`, RESET_TOKEN_MESSAGES[problem]);

export const verificationLinkRefused = (problem: VerificationLinkProblem) =>
  new DomainError('invalid', `verification_token_${problem}`, VERIFICATION_TOKEN_MESSAGES[problem]);

export const emailAlreadyVerified = () =>
  new DomainError('conflict', 'email_already_verified', EMAIL_ALREADY_VERIFIED_MESSAGE);

export const weakPassword = (message: string) =>
  new DomainError('invalid', 'weak_password', message);

export const emailTaken = () => new DomainError('conflict', 'email_taken', EMAIL_TAKEN_MESSAGE);

export const usernameTaken = () =>
  new DomainError('conflict', 'username_taken', USERNAME_TAKEN_MESSAGE);

export const unknownUser = () => new DomainError('not_found', 'unknown_user', 'No such user');

export const alreadyRegistered = () =>
  new DomainError('conflict', 'already_registered', 'This account is already registered');

export const OWN_ROLE_MESSAGE = 'You cannot change your own role. Ask another admin.';
export const UNVERIFIED_ADMIN_MESSAGE =
  'Only a verified e-mail address can be made admin. Ask the user to verify their address first.';

export const ownRoleRefused = () => new DomainError('conflict', 'own_role', OWN_ROLE_MESSAGE);

export const unverifiedAdminRefused = () =>
  new DomainError('conflict', 'email_not_verified', UNVERIFIED_ADMIN_MESSAGE);
