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
  | 'alreadyMember'
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
  if (code === 'already_member') return 'alreadyMember';
  // A refusal this page has no words of its own for: the server's (localized) message.
  if (code === 'team_plan_ended') return 'other';
  if (code.includes('refunded')) return 'refunded';
  if (code.includes('expired')) return 'expired';
  // `gift_link_invalid`: a link replaced by a resend or a new recipient.
  if (/used|accepted|claimed|withdrawn|replaced|link_invalid/.test(code)) return 'used';
  if (/another_email|mismatch|wrong|not_recipient/.test(code)) return 'wrongAccount';
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

/**
 * Accepting or claiming right after confirming the address: identity has confirmed it, but the
 * service that owns the link hears of it a moment later (an event) and may still answer
 * `email_not_verified`. The page asks again a few times, 3 s in all, before saying so.
 */
export const retryWhileConfirmationTravels = {
  retry: (failures: number, error: unknown) =>
    failures < 4 && linkErrorKind(error) === 'notVerified',
  retryDelay: 750,
};
