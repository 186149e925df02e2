import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest } from '../errors.js';
import type { FormObject } from '../form.js';
import { boolParam, objParam } from '../params.js';
import { closeDispute, type DisputeOutcome } from './disputes.js';

/** Evidence fields the sandbox keeps as text (Stripe's file fields are not supported here). */
const TEXT_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'uncategorized_text',
] as const;

const OPEN = new Set(['needs_response', 'warning_needs_response']);

/**
 * What Stripe's test mode decides from submitted evidence: `winning_evidence` in the text wins
 * (an inquiry closes as warning_closed), `losing_evidence` loses; anything else waits for a
 * verdict through the control endpoint.
 */
export function verdictOf(dispute: Stripe.Dispute): DisputeOutcome | null {
  const text = dispute.evidence.uncategorized_text ?? '';
  const inquiry = dispute.status.startsWith('warning_');
  if (text.includes('winning_evidence')) return inquiry ? 'warning_closed' : 'won';
  if (text.includes('losing_evidence')) return 'lost';
  return null;
}

/**
 * POST /v1/disputes/:id with `evidence[...]` and `submit`: the evidence is stored; submitted,
 * the dispute goes under review (charge.dispute.updated) and, with a test verdict in the text,
 * closes shortly after as Stripe's test mode does. Evidence cannot change once submitted.
 */
export function updateDisputeEvidence(
  core: Core,
  dispute: Stripe.Dispute,
  params: FormObject,
): void {
  const evidence = objParam(params, 'evidence');
  const submit = boolParam(params, 'submit') ?? false;
  if (!evidence && !submit) return;
  if (!OPEN.has(dispute.status)) {
    throw invalidRequest(
      `This dispute is ${dispute.status} and its evidence can no longer be updated.`,
      'evidence',
    );
  }
  for (const field of TEXT_FIELDS) {
    const value = evidence?.[field];
    if (typeof value === 'string') {
      (dispute.evidence as unknown as Record<string, string | null>)[field] = value;
    }
  }
  dispute.evidence_details.has_evidence = true;
  if (!submit) return;
  const previous = { status: dispute.status };
  dispute.status =
    dispute.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
  dispute.evidence_details.submission_count += 1;
  core.emit('charge.dispute.updated', dispute, previous);
  const verdict = verdictOf(dispute);
  if (verdict) core.later(core.options.disputeDelayMs, () => closeDispute(core, dispute, verdict));
}
