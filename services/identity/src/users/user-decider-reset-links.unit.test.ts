import { describe, expect, it } from 'vitest';
import type { UserEvent } from './events.js';
import {
  after,
  HASH_2,
  HASH_3,
  MINUTE,
  passwordSet,
  REHASHED,
  registration,
  resetRequested,
  spec,
  T0,
  TOKEN_A,
  TOKEN_B,
  USER_ID,
} from './user-events.fixture.js';

const resetWith = (tokenHash: string) =>
  ({ kind: 'ResetPassword', tokenHash, newPasswordHash: HASH_3 }) as const;
const requested = [...registration(), resetRequested(TOKEN_A, T0)];
/** The reset went through: the new hash, PasswordChanged and the sessions revoked. */
const accepted = (events: readonly UserEvent[]) =>
  expect(events.map((e) => e.type)).toEqual(['PasswordSet', 'PasswordChanged', 'SessionsRevoked']);

describe('user decider: reset links', () => {
  it('mails a link that works for RESET_TOKEN_TTL_MINUTES from now', () => {
    spec
      .given(registration())
      .when({ kind: 'RequestPasswordReset', tokenHash: TOKEN_A }, after(5 * MINUTE))
      .then([
        {
          type: 'PasswordResetRequested',
          data: { userId: USER_ID, tokenHash: TOKEN_A, expiresAt: after(65 * MINUTE) },
        },
      ]);
  });

  it('refuses a link request on a stream with no user', () => {
    spec
      .given([])
      .when({ kind: 'RequestPasswordReset', tokenHash: TOKEN_A })
      .thenRefused({ kind: 'not_found' });
  });

  it('works until its lifetime is over, and not a moment after', () => {
    spec
      .given(requested)
      .when(resetWith(TOKEN_A), after(60 * MINUTE - 1))
      .thenEvents(accepted);
    spec
      .given(requested)
      .when(resetWith(TOKEN_A), after(60 * MINUTE))
      .thenRefused({
        kind: 'invalid',
        code: 'reset_token_expired',
        message: 'This password reset link has expired. Please request a new one.',
      });
  });

  it('works once', () => {
    spec
      .given([...requested, passwordSet(HASH_2, 'reset', TOKEN_A)])
      .when(resetWith(TOKEN_A))
      .thenRefused({
        code: 'reset_token_used',
        message: 'This password reset link has already been used. Please request a new one.',
      });
  });

  it('is superseded when the password changed after it was issued', () => {
    spec
      .given([...requested, passwordSet(HASH_2, 'change')])
      .when(resetWith(TOKEN_A))
      .thenRefused({ code: 'reset_token_superseded' });
  });

  it('is not superseded by a change before it was issued, nor by a rehash after', () => {
    const changedBefore: UserEvent[] = [
      ...registration(),
      passwordSet(HASH_2, 'change'),
      resetRequested(TOKEN_A),
    ];
    spec.given(changedBefore).when(resetWith(TOKEN_A)).thenEvents(accepted);
    spec
      .given([...requested, passwordSet(REHASHED, 'rehash')])
      .when(resetWith(TOKEN_A))
      .thenEvents(accepted);
  });

  it('is voided by a newer link, which works', () => {
    const twice = [...requested, resetRequested(TOKEN_B, after(MINUTE))];
    spec.given(twice).when(resetWith(TOKEN_A)).thenRefused({
      code: 'reset_token_replaced',
      message:
        'This password reset link was replaced by a newer one. Please use the latest link we sent you.',
    });
    spec.given(twice).when(resetWith(TOKEN_B)).thenEvents(accepted);
  });

  it('is invalid when the user was never sent one, or there is no user', () => {
    spec
      .given(registration())
      .when(resetWith(TOKEN_A))
      .thenRefused({ code: 'reset_token_invalid' });
    spec.given([]).when(resetWith(TOKEN_A)).thenRefused({ code: 'reset_token_invalid' });
  });
});
