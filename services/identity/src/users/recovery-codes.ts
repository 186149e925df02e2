import { createHash, randomInt } from 'node:crypto';

// Ten single-use codes for a lost phone, shown once at enrolment; only their SHA-256 is kept.
// 10 characters from 31 letters and digits without look-alikes is about 50 random bits each: with the
// second-factor rate limits, guessing one is out of reach, so a fast hash suffices.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** `xxxxx-xxxxx`, lower case. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** What a person may type for a code: any case, with or without the dash or spaces. */
export const normalizeRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normalizeRecoveryCode(code), 'utf8').digest('hex');
