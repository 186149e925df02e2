import { brand } from '@mia/catalog';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 with the parameters every authenticator app reads from the QR code's URL: SHA-1,
// 6 digits, 30-second steps. One step either side of now is accepted (RFC 6238 section 5.2: a
// phone's clock drifts, and a code typed at the end of its step arrives in the next).

const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: brand.name,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new shared secret, 160 random bits (RFC 4226's recommended size), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/...` URL an authenticator app reads (as a QR code or typed). */
export const otpauthUrl = (secret: string, email: string): string =>
  totpOf(secret, email).toString();

/** A TOTP code is exactly six digits; anything else may be a recovery code. */
export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step (counter) whose code `code` is, within one step of `now`, or null. Pure: the
 * decider calls it with its injected clock.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!looksLikeTotpCode(code)) return null;
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The code of `secret` at `now` (tests, and the development tools that enrol an admin). */
export const totpCodeAt = (secret: string, now: Date): string =>
  totpOf(secret).generate({ timestamp: now.getTime() });
