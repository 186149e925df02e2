import { Secret, TOTP, URI } from 'otpauth';

/** An authenticator from the URL identity's set-up answers, or from its base32 secret alone. */
const authenticatorOf = (otpauthUrlOrSecret: string): TOTP =>
  otpauthUrlOrSecret.startsWith('otpauth://')
    ? (URI.parse(otpauthUrlOrSecret) as TOTP)
    : new TOTP({ secret: Secret.fromBase32(otpauthUrlOrSecret) });

/**
 * The code an authenticator app shows for the account (the URL identity's POST
 * /api/2fa/totp/setup answers, or its secret), with the same TOTP library identity uses.
 * `steps` looks that many 30-second steps ahead: identity accepts the next step's code (a
 * phone's clock drifts) but never a code of a step it already accepted, so a later sign-in uses
 * `steps: 1` rather than waiting for the clock.
 */
export function totpCode(otpauthUrlOrSecret: string, steps = 0, now = Date.now()): string {
  return authenticatorOf(otpauthUrlOrSecret).generate({ timestamp: now + steps * 30_000 });
}

/** The TOTP time step of an instant (identity refuses a second code of the same step). */
export const totpStep = (now = Date.now()): number => Math.floor(now / 30_000);
