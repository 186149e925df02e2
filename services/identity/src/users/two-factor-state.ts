import type { EventOf } from '@mia/service-kit';
import { PENDING_SIGN_IN_MS } from '../shared/pending-sign-in.js';
import type {
  SecondFactorChallenged,
  SecondFactorVerified,
  TotpEnrolmentStarted,
  TwoFactorDisabled,
  TwoFactorEnabled,
} from './two-factor-events.js';

export type TwoFactorEvent =
  | EventOf<typeof TotpEnrolmentStarted>
  | EventOf<typeof TwoFactorEnabled>
  | EventOf<typeof SecondFactorChallenged>
  | EventOf<typeof SecondFactorVerified>
  | EventOf<typeof TwoFactorDisabled>;

/** A sign-in waiting for its second factor. */
export interface PendingSignIn {
  challengeHash: string;
  /** ISO instant. */
  expiresAt: string;
}

/** What the user's second factor decisions rest on (part of UserState, snapshotted as JSON). */
export interface TwoFactorState {
  /** Secret of an enrolment not yet confirmed with a code. */
  pendingSecret: string | null;
  /** The enabled TOTP secret; null while sign-in needs the password only. */
  secret: string | null;
  /** Hashes of the recovery codes not used yet. */
  recoveryCodeHashes: string[];
  /** The newest TOTP time step accepted: a code of it or an earlier step is refused. */
  lastStep: number;
  /** Open pending sign-ins, newest last; bounded (see MAX_PENDING). */
  pending: PendingSignIn[];
}

/** Sign-ins waiting at one time (several devices); an older one drops out when a new one comes. */
const MAX_PENDING = 5;

/** How long the password-checked sign-in waits for its code. */
export const CHALLENGE_SPAN_MS = PENDING_SIGN_IN_MS;

export const initialTwoFactorState = (): TwoFactorState => ({
  pendingSecret: null,
  secret: null,
  recoveryCodeHashes: [],
  lastStep: 0,
  pending: [],
});

export const twoFactorEnabled = (state: TwoFactorState): boolean => state.secret !== null;

export function evolveTwoFactor(state: TwoFactorState, event: TwoFactorEvent): TwoFactorState {
  switch (event.type) {
    case 'TotpEnrolmentStarted':
      return { ...state, pendingSecret: event.data.secret };
    case 'TwoFactorEnabled':
      return {
        ...state,
        secret: state.pendingSecret,
        pendingSecret: null,
        recoveryCodeHashes: event.data.recoveryCodeHashes,
        lastStep: Math.max(state.lastStep, event.data.step),
        pending: [],
      };
    case 'SecondFactorChallenged': {
      // Challenges past their end can never be completed: forget them here.
      const at = Date.parse(event.data.expiresAt);
      const open = state.pending.filter((p) => Date.parse(p.expiresAt) > at - CHALLENGE_SPAN_MS);
      const { challengeHash, expiresAt } = event.data;
      return { ...state, pending: [...open, { challengeHash, expiresAt }].slice(-MAX_PENDING) };
    }
    case 'SecondFactorVerified': {
      const pending = state.pending.filter((p) => p.challengeHash !== event.data.challengeHash);
      if (event.data.method === 'totp') {
        return { ...state, pending, lastStep: Math.max(state.lastStep, event.data.step) };
      }
      const used = event.data.recoveryCodeHash;
      return {
        ...state,
        pending,
        recoveryCodeHashes: state.recoveryCodeHashes.filter((h) => h !== used),
      };
    }
    case 'TwoFactorDisabled':
      return { ...initialTwoFactorState(), lastStep: state.lastStep };
  }
}
