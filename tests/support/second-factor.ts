import { URI, type TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for the account of `otpauthUrl` (the URL identity's
 * POST /api/2fa/totp/setup answers), with the same TOTP library identity uses. `steps` looks
 * that many 30-second steps ahead: identity accepts the next step's code (a phone's clock
 * drifts) but never a code of a step it already accepted, so a later sign-in uses `steps: 1`
 * rather than waiting for the clock.
 */
export function totpCode(otpauthUrl: string, steps = 0, now = Date.now()): string {
  return (URI.parse(otpauthUrl) as TOTP).generate({ timestamp: now + steps * 30_000 });
}
