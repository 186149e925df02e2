import type { DisputeOutcome, PaymentPurpose } from '@mia/contracts';

/** Stripe's dispute statuses: inquiries (`warning_*`) come before any money is taken back. */
const INQUIRY_STATUSES = new Set([
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
]);
const CLOSED_STATUSES = new Set<string>(['won', 'lost', 'warning_closed', 'prevented']);

export const isInquiryStatus = (status: string): boolean => INQUIRY_STATUSES.has(status);

/** The outcome of a dispute in this status, or null while it is still open. */
export const outcomeOfStatus = (status: string): DisputeOutcome | null =>
  CLOSED_STATUSES.has(status) ? (status as DisputeOutcome) : null;

/**
 * A lost dispute on a plan's payment ends the plan at the provider at once: no further charges
 * to a card whose holder disputed one (issue 20, item 3). Any other outcome leaves the plan.
 */
export const disputeEndsPlan = (outcome: DisputeOutcome | null, purpose: PaymentPurpose): boolean =>
  outcome === 'lost' && purpose.kind === 'subscription';
