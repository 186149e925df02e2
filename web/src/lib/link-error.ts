import { ApiError } from './api-client';
import { errorCode } from './error-code';

/** Why a link sent by mail (a team invitation, a gift) cannot be used, in the page's own words. */
export type LinkErrorKind =
  | 'expired'
  | 'used'
  | 'invalid'
  | 'wrongAccount'
  | 'notVerified'
  | 'noSeats'
  | 'refunded'
  | 'other';

/**
 * Reads the refusal's code first and, for codes this page does not know yet, its status: 404 the
 * token is unknown, 410 it expired, 409 it was used (or replaced), 403 it is someone else's.
 */
export function linkErrorKind(error: unknown): LinkErrorKind {
  const code = errorCode(error) ?? '';
  if (code === 'email_not_verified') return 'notVerified';
  if (code === 'no_seats_left') return 'noSeats';
  if (code.includes('refunded')) return 'refunded';
  if (code.includes('expired')) return 'expired';
  if (/used|accepted|claimed|withdrawn|replaced/.test(code)) return 'used';
  if (/mismatch|wrong|not_recipient|not_invited/.test(code)) return 'wrongAccount';
  if (!(error instanceof ApiError)) return 'other';
  switch (error.status) {
    case 404:
      return 'invalid';
    case 410:
      return 'expired';
    case 409:
      return 'used';
    case 403:
      return 'wrongAccount';
    default:
      return 'other';
  }
}
