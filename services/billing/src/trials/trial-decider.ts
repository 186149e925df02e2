import { trial } from '@mia/catalog';
import type { TrialStartedV1Data } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import {
  TrialEmailClaimed,
  trialEventDefinitions,
  type TrialEmailEvent,
  type TrialEvent,
} from './trial-events.js';

export const TRIAL_USED_MESSAGE = `Ya usaste tu prueba gratuita de ${trial.days} días. Puedes comprar una herramienta o elegir un plan.`;
export const TRIAL_EMAIL_USED_MESSAGE =
  'Ya se usó una prueba gratuita con este correo electrónico. Puedes comprar una herramienta o elegir un plan.';
export const TRIAL_EMAIL_NOT_VERIFIED_MESSAGE =
  'Confirma tu correo electrónico para activar la prueba gratuita. Abre el enlace que te enviamos o pide uno nuevo.';

export type TrialCommand =
  | {
      kind: 'start';
      trialId: string;
      userId: string;
      startedAt: string;
      endsAt: string;
      /** The address the trial is for (the session's). */
      email: string;
      /** The address identity reported verified for this user; null when none yet. */
      verifiedEmail: string | null;
    }
  | { kind: 'remind'; userId: string }
  /** The user turned e-mail notifications off: the reminder is done with, unsent. */
  | { kind: 'skip-reminder'; userId: string };

export interface TrialState {
  trial: TrialStartedV1Data | null;
  reminded: boolean;
}

const sameAddress = (verified: string | null, email: string) =>
  verified !== null && verified.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * One free trial per account, for a verified address, and the trial-ends-tomorrow reminder sent
 * once.
 */
export const trialDecider: Decider<TrialCommand, TrialState, TrialEvent> = {
  name: 'billing-trial',
  initialState: () => ({ trial: null, reminded: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'TrialStarted':
        return { ...state, trial: event.data };
      case 'TrialReminderSent':
      case 'TrialReminderSkipped':
        return { ...state, reminded: true };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'start': {
        if (state.trial)
          throw new DomainError('conflict', 'trial_already_used', TRIAL_USED_MESSAGE);
        // A trial is for a mailbox someone proved they read: otherwise a throwaway or someone
        // else's address would buy a new trial each time.
        if (!sameAddress(command.verifiedEmail, command.email)) {
          throw new DomainError(
            'forbidden',
            'email_not_verified',
            TRIAL_EMAIL_NOT_VERIFIED_MESSAGE,
          );
        }
        const { trialId, userId, startedAt, endsAt } = command;
        return [{ type: 'TrialStarted', data: { trialId, userId, startedAt, endsAt } }];
      }
      case 'remind':
        if (!state.trial || state.reminded) return [];
        return [
          {
            type: 'TrialReminderSent',
            data: { trialId: state.trial.trialId, userId: state.trial.userId },
          },
        ];
      case 'skip-reminder':
        if (!state.trial || state.reminded) return [];
        return [
          {
            type: 'TrialReminderSkipped',
            data: { trialId: state.trial.trialId, userId: state.trial.userId },
          },
        ];
    }
  },
  read: readerOf<TrialEvent>(trialEventDefinitions),
};

export type TrialEmailCommand = { kind: 'claim'; trialId: string; userId: string };

export interface TrialEmailState {
  claimedBy: string | null;
}

/** A normalised e-mail address gives one trial, whichever account asks. */
export const trialEmailDecider: Decider<TrialEmailCommand, TrialEmailState, TrialEmailEvent> = {
  name: 'billing-trial-email',
  initialState: () => ({ claimedBy: null }),
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  decide(command, state) {
    if (state.claimedBy === command.userId) return [];
    if (state.claimedBy !== null) {
      throw new DomainError('conflict', 'trial_email_used', TRIAL_EMAIL_USED_MESSAGE);
    }
    return [
      { type: 'TrialEmailClaimed', data: { trialId: command.trialId, userId: command.userId } },
    ];
  },
  read: readerOf<TrialEmailEvent>([TrialEmailClaimed]),
};
