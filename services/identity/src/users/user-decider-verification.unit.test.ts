import { describe, expect, it } from 'vitest';
import {
  after,
  EMAIL,
  emailVerified,
  hours,
  MINUTE,
  registration,
  sessionId,
  spec,
  T0,
  TOKEN_A,
  TOKEN_B,
  USER_ID,
  verificationRequested,
} from './user-events.fixture.js';

const verify = (tokenHash: string, adminEmails: readonly string[] = []) =>
  ({ kind: 'VerifyEmail', tokenHash, adminEmails }) as const;
const mailed = [...registration(), verificationRequested(TOKEN_A, T0)];

describe('user decider: e-mail verification', () => {
  it('verifies with the link mailed, within its 24 hours', () => {
    spec
      .given(mailed)
      .when(verify(TOKEN_A), after(hours(23)))
      .then([emailVerified(after(hours(23)))]);
  });

  it('makes a listed address admin once verified, and ends the sessions that carry the user role', () => {
    spec
      .given(mailed)
      .when(verify(TOKEN_A, [EMAIL]), after(hours(1)))
      .then([
        emailVerified(after(hours(1))),
        {
          type: 'UserRoleChanged',
          data: {
            userId: USER_ID,
            email: EMAIL,
            role: 'admin',
            previousRole: 'user',
            by: null,
            reason: 'ADMIN_EMAILS',
          },
        },
        {
          type: 'SessionsRevoked',
          data: {
            userId: USER_ID,
            sessionIds: [sessionId(1)],
            revokedBefore: after(hours(1)),
            expiresAt: after(hours(13)),
            reason: 'role-changed',
          },
        },
      ]);
  });

  it('refuses an expired link, a replaced one, a used one and one never mailed', () => {
    spec
      .given(mailed)
      .when(verify(TOKEN_A), after(hours(24)))
      .thenRefused({ kind: 'invalid', code: 'verification_token_expired' });
    spec
      .given([...mailed, verificationRequested(TOKEN_B, after(MINUTE))])
      .when(verify(TOKEN_A))
      .thenRefused({ kind: 'invalid', code: 'verification_token_replaced' });
    spec
      .given([...mailed, emailVerified()])
      .when(verify(TOKEN_A))
      .thenRefused({ kind: 'invalid', code: 'verification_token_used' });
    spec
      .given(registration())
      .when(verify(TOKEN_A))
      .thenRefused({ kind: 'invalid', code: 'verification_token_invalid' });
    spec
      .given([])
      .when(verify(TOKEN_A))
      .thenRefused({ kind: 'invalid', code: 'verification_token_invalid' });
  });

  it('mails a new link that replaces the older one, until the address is verified', () => {
    spec
      .given(mailed)
      .when({ kind: 'RequestEmailVerification', tokenHash: TOKEN_B }, after(hours(2)))
      .thenEvents((events, state) => {
        expect(events).toEqual([verificationRequested(TOKEN_B, after(hours(2)))]);
        expect(state.verificationLink).toMatchObject({ tokenHash: TOKEN_B, status: 'open' });
      });
    spec
      .given([...mailed, emailVerified()])
      .when({ kind: 'RequestEmailVerification', tokenHash: TOKEN_B })
      .thenRefused({ kind: 'conflict', code: 'email_already_verified' });
  });

  it('records the address as verified in the state', () => {
    spec
      .given(mailed)
      .when(verify(TOKEN_A))
      .thenEvents((_events, state) => {
        expect(state.emailVerified).toBe(true);
        expect(state.verificationLink?.status).toBe('used');
      });
  });
});
