import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { disputeObject } from '../objects/dispute.js';

/** Opens a fraudulent-charge dispute on a charge (what Stripe does shortly after a 0259 payment). */
export function openDispute(core: Core, chargeId: string): Stripe.Dispute | null {
  const charge = core.state.charges.get(chargeId);
  if (!charge || charge.disputed || charge.status !== 'succeeded') return null;
  const dispute = disputeObject(charge, core.clock.now());
  charge.disputed = true;
  core.state.disputes.set(dispute.id, dispute);
  core.emit('charge.dispute.created', dispute);
  return dispute;
}

export type DisputeOutcome = 'won' | 'lost' | 'warning_closed' | 'prevented';

const CLOSED = new Set<string>(['won', 'lost', 'warning_closed', 'prevented']);

/** Closes a dispute with the bank's verdict; closing it twice changes nothing. */
export function closeDispute(core: Core, dispute: Stripe.Dispute, outcome: DisputeOutcome): void {
  if (CLOSED.has(dispute.status)) return;
  const previous = { status: dispute.status };
  dispute.status = outcome;
  dispute.is_charge_refundable = false;
  core.emit('charge.dispute.closed', dispute, previous);
}
