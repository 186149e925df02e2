/** PaymentIntents a customer can still confirm (a declined card leaves one requiring a new card). */
const CONFIRMABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** States in which the provider lets the amount and currency change (before any confirmation). */
const UPDATABLE = new Set(['requires_payment_method', 'requires_confirmation']);

/**
 * What to do with an open checkout's PaymentIntent when the customer comes back:
 * - `reuse`: confirmable, and for the money the checkout's latest start fixed;
 * - `update`: confirmable but for other money (the catalogue price changed): change its amount;
 * - `replace`: the same, once the provider no longer allows the change: cancel it, start anew;
 * - `processing`: the bank is still deciding; wait;
 * - `over`: paid or canceled meanwhile; record that and start from the customer's state.
 */
export type ResumeStep = 'reuse' | 'update' | 'replace' | 'processing' | 'over';

export function resumeStep(
  intent: { status: string; amount: number; currency: string },
  expected: { amountCents: number; currency: string },
): ResumeStep {
  if (intent.status === 'processing') return 'processing';
  if (!CONFIRMABLE.has(intent.status)) return 'over';
  if (intent.amount === expected.amountCents && intent.currency === expected.currency) {
    return 'reuse';
  }
  return UPDATABLE.has(intent.status) ? 'update' : 'replace';
}
