import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import type { DisputeEvidenceEvent } from './dispute-events.js';
import { evidenceSubmissionDecider, type EvidenceCommand } from './evidence-submission-decider.js';

const disputeId = 'dp_1';
const paymentId = '00000000-0000-4000-8000-0000000000d1';
const adminId = '00000000-0000-4000-8000-0000000000ad';
const NOW = '2026-03-05T12:00:00.000Z';
const spec = deciderSpec(evidenceSubmissionDecider, { now: NOW });

const begin = (disputeOpen = true): EvidenceCommand => ({
  kind: 'begin',
  disputeId,
  paymentId,
  adminId,
  disputeOpen,
});
const started = (at = NOW): DisputeEvidenceEvent => ({
  type: 'EvidenceSubmissionStarted',
  data: { disputeId, paymentId, by: adminId, at },
});
const submitted: DisputeEvidenceEvent = {
  type: 'EvidenceSubmitted',
  data: { disputeId, paymentId, by: adminId, at: NOW, uses: 3 },
};

describe('dispute evidence is sent once', () => {
  it('the first sending starts; a second, while sending or after, is a 409', () => {
    spec.given([]).when(begin()).then([started()]);
    spec
      .given([started()])
      .when(begin())
      .thenRefused({ kind: 'conflict', code: 'evidence_already_submitted' });
    spec
      .given([started(), submitted])
      .when(begin())
      .thenRefused({ kind: 'conflict', code: 'evidence_already_submitted' });
  });

  it('a closed dispute takes no evidence', () => {
    spec.given([]).when(begin(false)).thenRefused({ kind: 'conflict', code: 'dispute_closed' });
  });

  it('a failed sending may be tried again; a sending stuck for minutes too', () => {
    const failed: DisputeEvidenceEvent = {
      type: 'EvidenceSubmissionFailed',
      data: { disputeId, reason: 'provider unavailable', at: NOW },
    };
    spec
      .given([started()])
      .when({ kind: 'fail', disputeId, reason: 'provider unavailable' })
      .then([failed]);
    spec.given([started(), failed]).when(begin()).then([started()]);
    spec
      .given([started('2026-03-05T11:50:00.000Z')])
      .when(begin())
      .then([started()]);
  });

  it('completes once', () => {
    const complete: EvidenceCommand = { kind: 'complete', disputeId, paymentId, adminId, uses: 3 };
    spec.given([started()]).when(complete).then([submitted]);
    spec.given([started(), submitted]).when(complete).thenNothing();
  });
});
