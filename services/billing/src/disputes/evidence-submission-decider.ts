import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { disputeEvidenceEventDefinitions, type DisputeEvidenceEvent } from './dispute-events.js';

/**
 * A sending that started this long ago and never ended (the process stopped mid-call) may be
 * started again: the provider call carries the same idempotency key, so it is still sent once.
 */
export const STALE_SENDING_MS = 2 * 60 * 1000;

export type EvidenceCommand =
  | {
      kind: 'begin';
      disputeId: string;
      paymentId: string;
      adminId: string;
      /** The payment's dispute as billing knows it: closed disputes take no evidence. */
      disputeOpen: boolean;
    }
  | { kind: 'complete'; disputeId: string; paymentId: string; adminId: string; uses: number }
  | { kind: 'fail'; disputeId: string; reason: string };

export interface EvidenceState {
  status: 'none' | 'sending' | 'submitted';
  startedAt: string | null;
  submittedAt: string | null;
}

/** Dispute evidence is sent to the provider once (issue 20, item 4): a second try is a 409. */
export const evidenceSubmissionDecider: Decider<
  EvidenceCommand,
  EvidenceState,
  DisputeEvidenceEvent
> = {
  name: 'billing-dispute-evidence',
  initialState: () => ({ status: 'none', startedAt: null, submittedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'EvidenceSubmissionStarted':
        return { ...state, status: 'sending', startedAt: event.data.at };
      case 'EvidenceSubmitted':
        return { ...state, status: 'submitted', submittedAt: event.data.at };
      case 'EvidenceSubmissionFailed':
        return { ...state, status: 'none', startedAt: null };
    }
  },
  decide(command, state, { now }) {
    const at = now.toISOString();
    switch (command.kind) {
      case 'begin': {
        const stale =
          state.status === 'sending' &&
          now.getTime() - Date.parse(state.startedAt ?? at) > STALE_SENDING_MS;
        if (state.status === 'submitted' || (state.status === 'sending' && !stale)) {
          throw new DomainError(
            'conflict',
            'evidence_already_submitted',
            'La evidencia de esta disputa ya se envió: no se puede enviar dos veces.',
          );
        }
        if (!command.disputeOpen) {
          throw new DomainError(
            'conflict',
            'dispute_closed',
            'Esta disputa ya está cerrada: no admite evidencia.',
          );
        }
        const { disputeId, paymentId, adminId } = command;
        return [
          { type: 'EvidenceSubmissionStarted', data: { disputeId, paymentId, by: adminId, at } },
        ];
      }
      case 'complete': {
        if (state.status !== 'sending') return [];
        const { disputeId, paymentId, adminId, uses } = command;
        return [
          { type: 'EvidenceSubmitted', data: { disputeId, paymentId, by: adminId, at, uses } },
        ];
      }
      case 'fail':
        if (state.status !== 'sending') return [];
        return [
          {
            type: 'EvidenceSubmissionFailed',
            data: { disputeId: command.disputeId, reason: command.reason.slice(0, 500), at },
          },
        ];
    }
  },
  read: readerOf<DisputeEvidenceEvent>(disputeEvidenceEventDefinitions),
};
