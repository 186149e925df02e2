import commonPasswordList from './common-passwords.json' with { type: 'json' };
import { BCRYPT_MAX_BYTES, exceedsBcryptLimit, normalizePassword } from './hasher.js';

const COMMON = new Set(commonPasswordList.passwords.map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${BCRYPT_MAX_BYTES} bytes`;
export const PASSWORD_IS_IDENTITY_MESSAGE =
  'Password must not be your email address or username. Please choose a different one.';

export interface PasswordOwner {
  email?: string;
  username?: string;
}

export const isCommonPassword = (password: string): boolean =>
  COMMON.has(normalizePassword(password).trim().toLowerCase());

/**
 * What is wrong with a new password beyond the form rules the web shares (minimum length),
 * or null. The 6-character minimum stays the rule users see; these refuse the passwords an
 * attacker tries first, and the ones bcrypt would silently truncate.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (exceedsBcryptLimit(password)) return PASSWORD_TOO_LONG_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const lowered = password.trim().toLowerCase();
  const identities = [owner.email, owner.email?.split('@')[0], owner.username]
    .filter((v): v is string => Boolean(v && v.length >= 3))
    .map((v) => v.trim().toLowerCase());
  if (identities.includes(lowered)) return PASSWORD_IS_IDENTITY_MESSAGE;
  return null;
}

export const commonPasswordCount = COMMON.size;
