import { DomainError } from '@mia/service-kit';

// Why a second-factor command is refused, in the words the web shows (it translates by code).

export const SECOND_FACTOR_MESSAGES = {
  already_enabled: 'Two-step verification is already on for this account.',
  not_enabled: 'Two-step verification is not on for this account.',
  setup_required: 'Start the set-up again: no authenticator app is being set up.',
  invalid_code: 'That code is not valid. Check the current code in your app and try again.',
  code_already_used: 'That code was already used. Wait for the next code in your app.',
  expired: 'Your sign-in has expired. Please sign in again.',
} as const;

export const twoFactorAlreadyEnabled = () =>
  new DomainError('conflict', 'two_factor_already_enabled', SECOND_FACTOR_MESSAGES.already_enabled);

export const twoFactorNotEnabled = () =>
  new DomainError('conflict', 'two_factor_not_enabled', SECOND_FACTOR_MESSAGES.not_enabled);

export const totpSetupRequired = () =>
  new DomainError('conflict', 'totp_setup_required', SECOND_FACTOR_MESSAGES.setup_required);

/** A wrong code: 401 while signing in (like a wrong password), 400 on a settings form. */
export const invalidCode = (signingIn: boolean) =>
  new DomainError(
    signingIn ? 'unauthorized' : 'invalid',
    'invalid_code',
    SECOND_FACTOR_MESSAGES.invalid_code,
  );

export const codeAlreadyUsed = (signingIn: boolean) =>
  new DomainError(
    signingIn ? 'unauthorized' : 'invalid',
    'code_already_used',
    SECOND_FACTOR_MESSAGES.code_already_used,
  );

/** No pending sign-in for the cookie (missing, expired, or already completed). */
export const secondFactorExpired = () =>
  new DomainError('unauthorized', 'second_factor_expired', SECOND_FACTOR_MESSAGES.expired);
