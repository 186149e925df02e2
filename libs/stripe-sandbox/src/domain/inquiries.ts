import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { disputeObject } from '../objects/dispute.js';

/**
 * Opens an inquiry on a charge (what Stripe does shortly after a payment with the 1976 card):
 * a dispute in `warning_needs_response`, no money taken back yet.
 */
export function openInquiry(core: Core, chargeId: string): Stripe.Dispute | null {
  const charge = core.state.charges.get(chargeId);
  if (!charge || charge.disputed || charge.status !== 'succeeded') return null;
  const dispute = disputeObject(charge, core.clock.now());
  dispute.status = 'warning_needs_response';
  dispute.reason = 'general';
  if (dispute.payment_method_details?.card) {
    dispute.payment_method_details.card.case_type = 'inquiry';
  }
  charge.disputed = true;
  core.state.disputes.set(dispute.id, dispute);
  core.emit('charge.dispute.created', dispute);
  return dispute;
}
