import type { DecisionContext } from '@mia/service-kit';
import type { UserEvent } from './events.js';
import { wrongCurrentPassword } from './refusals.js';
import type { UserState } from './user-state.js';
import { hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes.js';
import { totpStepOf, looksLikeTotpCode } from './totp.js';
import {
  codeAlreadyUsed,
  invalidCode,
  secondFactorExpired,
  totpSetupRequired,
  twoFactorAlreadyEnabled,
  twoFactorNotEnabled,
} from './two-factor-refusals.js';
import { CHALLENGE_SPAN_MS, twoFactorEnabled, type TwoFactorState } from './two-factor-state.js';

// The second factor's commands. What needed randomness arrives in them (the new secret, the
// recovery codes' hashes, the challenge's hash); checking a code is pure arithmetic on the
// secret and the decision's clock, so it is decided here, replay rule included.

export type TwoFactorCommand =
  /** POST /api/2fa/totp/setup: a fresh secret for the app (replaces an unconfirmed one). */
  | { kind: 'StartTotpEnrolment'; secret: string }
  /** POST /api/2fa/totp/enable: the app's code confirms the secret. */
  | {
      kind: 'EnableTotp';
      code: string;
      recoveryCodeHashes: string[];
      /** The caller's session, replaced by one that says it was made with the second factor. */
      sessionId?: string;
    }
  /** POST /api/login/second-factor: a TOTP or recovery code for a pending sign-in. */
  | { kind: 'CompleteSignIn'; challengeHash: string; code: string }
  /** POST /api/2fa/disable: the password (checked against `checkedHash`) and a code. */
  | { kind: 'DisableTwoFactor'; checkedHash: string; code: string; sessionId?: string };

/** Builders the user decider lends: a new session, and the end of the caller's old one. */
export interface SessionEvents {
  started(amr: readonly ('pwd' | 'otp')[]): UserEvent;
  ended(sessionId: string | undefined): UserEvent[];
  passwordStillMatches(checkedHash: string): boolean;
}

export const PASSWORD_AMR = ['pwd'] as const;
export const SECOND_FACTOR_AMR = ['pwd', 'otp'] as const;

/** A code accepted: which TOTP step it was, or which recovery code. */
type AcceptedCode = { method: 'totp'; step: number } | { method: 'recovery'; hash: string };

/**
 * Checks `code` against the enabled factor: a TOTP code of a step after the last one accepted
 * (so a code is never good twice, even within its window), or an unused recovery code.
 */
function acceptCode(
  factor: TwoFactorState,
  code: string,
  now: Date,
  signingIn: boolean,
): AcceptedCode {
  const secret = factor.secret!;
  if (looksLikeTotpCode(code)) {
    const step = totpStepOf(secret, code, now);
    if (step === null) throw invalidCode(signingIn);
    if (step <= factor.lastStep) throw codeAlreadyUsed(signingIn);
    return { method: 'totp', step };
  }
  const hash = hashRecoveryCode(code);
  if (normalizeRecoveryCode(code).length === 0 || !factor.recoveryCodeHashes.includes(hash)) {
    throw invalidCode(signingIn);
  }
  return { method: 'recovery', hash };
}

export function decideTwoFactor(
  command: TwoFactorCommand,
  state: UserState,
  userId: string,
  { now }: DecisionContext,
  sessions: SessionEvents,
): UserEvent[] {
  const factor = state.twoFactor;
  switch (command.kind) {
    case 'StartTotpEnrolment':
      if (twoFactorEnabled(factor)) throw twoFactorAlreadyEnabled();
      return [{ type: 'TotpEnrolmentStarted', data: { userId, secret: command.secret } }];
    case 'EnableTotp': {
      if (twoFactorEnabled(factor)) throw twoFactorAlreadyEnabled();
      if (!factor.pendingSecret) throw totpSetupRequired();
      const step = totpStepOf(factor.pendingSecret, command.code, now);
      if (step === null) throw invalidCode(false);
      return [
        {
          type: 'TwoFactorEnabled',
          data: {
            userId,
            method: 'totp',
            step,
            recoveryCodeHashes: command.recoveryCodeHashes,
          },
        },
        ...sessions.ended(command.sessionId),
        sessions.started(SECOND_FACTOR_AMR),
      ];
    }
    case 'CompleteSignIn': {
      const open = factor.pending.find(
        (p) => p.challengeHash === command.challengeHash && Date.parse(p.expiresAt) > now.getTime(),
      );
      if (!open || !twoFactorEnabled(factor)) throw secondFactorExpired();
      const accepted = acceptCode(factor, command.code, now, true);
      const { challengeHash } = command;
      return [
        {
          type: 'SecondFactorVerified',
          data:
            accepted.method === 'totp'
              ? { userId, challengeHash, method: 'totp', step: accepted.step }
              : { userId, challengeHash, method: 'recovery', recoveryCodeHash: accepted.hash },
        },
        sessions.started(SECOND_FACTOR_AMR),
      ];
    }
    case 'DisableTwoFactor': {
      if (!twoFactorEnabled(factor)) throw twoFactorNotEnabled();
      if (!sessions.passwordStillMatches(command.checkedHash)) throw wrongCurrentPassword();
      acceptCode(factor, command.code, now, false);
      return [
        { type: 'TwoFactorDisabled', data: { userId } },
        ...sessions.ended(command.sessionId),
        sessions.started(PASSWORD_AMR),
      ];
    }
  }
}

/** Instead of a session, a sign-in to an account with a second factor opens a challenge. */
export const signInChallenge = (userId: string, challengeHash: string, now: Date): UserEvent => ({
  type: 'SecondFactorChallenged',
  data: {
    userId,
    challengeHash,
    expiresAt: new Date(now.getTime() + CHALLENGE_SPAN_MS).toISOString(),
  },
});
