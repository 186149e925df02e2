import { forbidden, unauthorized } from '../http/errors.js';
import { hasSecondFactor, type SessionUser } from './claims.js';

export const SECOND_FACTOR_REQUIRED_CODE = 'second_factor_required';
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Staff must sign in with a second factor: set up an authenticator app in Account Settings first.';

/**
 * The check behind every `auth: 'admin'` route of every service: a session (401), the admin
 * role (403 Forbidden) and a session proved with a second factor (403
 * `second_factor_required`). Each service checks the token itself, so a password alone, stolen
 * or guessed, never reaches staff data whatever the gateway did. The 2FA set-up routes are
 * `user` routes, so an admin without a second factor can still enrol.
 */
export function assertStaff(user: SessionUser | null | undefined): asserts user is SessionUser {
  if (!user) throw unauthorized();
  if (user.role !== 'admin') throw forbidden();
  if (!hasSecondFactor(user)) {
    throw forbidden(SECOND_FACTOR_REQUIRED_MESSAGE, SECOND_FACTOR_REQUIRED_CODE);
  }
}
