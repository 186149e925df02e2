import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { linkErrorKind, retryWhileConfirmationTravels } from './link-error';

const refusal = (status: number, code?: string) =>
  new ApiError(status, JSON.stringify({ message: 'no', ...(code ? { code } : {}) }), '');

describe('why a mailed link cannot be used', () => {
  it('reads the code first', () => {
    expect(linkErrorKind(refusal(403, 'email_not_verified'))).toBe('notVerified');
    expect(linkErrorKind(refusal(409, 'no_seats_left'))).toBe('noSeats');
    expect(linkErrorKind(refusal(409, 'invitation_expired'))).toBe('expired');
    expect(linkErrorKind(refusal(409, 'gift_claimed'))).toBe('used');
    expect(linkErrorKind(refusal(409, 'gift_already_claimed'))).toBe('used');
    expect(linkErrorKind(refusal(410, 'gift_link_invalid'))).toBe('used');
    expect(linkErrorKind(refusal(403, 'gift_wrong_account'))).toBe('wrongAccount');
    expect(linkErrorKind(refusal(409, 'gift_refunded'))).toBe('refunded');
    expect(linkErrorKind(refusal(403, 'email_mismatch'))).toBe('wrongAccount');
    expect(linkErrorKind(refusal(403, 'invitation_for_another_email'))).toBe('wrongAccount');
    expect(linkErrorKind(refusal(409, 'already_member'))).toBe('alreadyMember');
    expect(linkErrorKind(refusal(409, 'team_plan_ended'))).toBe('other');
  });

  it('falls back on the status for a code it does not know', () => {
    expect(linkErrorKind(refusal(404))).toBe('invalid');
    expect(linkErrorKind(refusal(410))).toBe('expired');
    expect(linkErrorKind(refusal(409, 'something_else'))).toBe('used');
    expect(linkErrorKind(refusal(403))).toBe('wrongAccount');
    expect(linkErrorKind(refusal(500))).toBe('other');
    expect(linkErrorKind(new Error('offline'))).toBe('other');
  });
});

describe('asking again while the confirmation travels', () => {
  const { retry } = retryWhileConfirmationTravels;

  it('retries `email_not_verified` a few times, then lets the page say so', () => {
    const notYet = refusal(403, 'email_not_verified');
    expect([0, 1, 2, 3].map((failures) => retry(failures, notYet))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(retry(4, notYet)).toBe(false);
  });

  it('never retries any other refusal', () => {
    for (const error of [
      refusal(409, 'already_member'),
      refusal(403, 'invitation_for_another_email'),
      refusal(410),
      new Error('network'),
    ]) {
      expect(retry(0, error)).toBe(false);
    }
  });
});
