import type { PaymentPurpose } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import type { AttemptFailure, CardView } from '../provider/views.js';
import { customerStreamId, paymentStreamId } from '../shared/ids.js';
import { decideIn, type Session } from '../shared/transact.js';
import { paymentDecider, type PaymentState } from './payment-decider.js';

/** Records one failed attempt of a payment (once per attempt, never after its success). */
export async function recordFailure(
  billing: Billing,
  session: Session,
  payment: {
    paymentId: string;
    userId: string;
    purpose: PaymentPurpose;
    amountCents: number;
    currency: string;
  },
  failure: AttemptFailure,
): Promise<PaymentState> {
  const { state } = await decideIn(
    billing,
    session,
    paymentStreamId(payment.paymentId),
    paymentDecider,
    {
      kind: 'fail',
      attempt: failure.attempt,
      failure: {
        ...payment,
        code: failure.code.slice(0, 100),
        message: failure.message.slice(0, 1000),
        failedAt: failure.failedAt,
      },
    },
  );
  return state;
}

/** The card that paid becomes the customer's card on file (what the billing page shows). */
export async function saveCard(
  billing: Billing,
  session: Session,
  userId: string,
  card: CardView | null,
): Promise<void> {
  if (!card) return;
  await decideIn(billing, session, customerStreamId(userId), customerDecider, {
    kind: 'save-card',
    userId,
    ...card,
  });
}

/**
 * Keeps "owned for life" in step with the payment that bought the tool: owned once paid,
 * released by a full refund or a lost dispute (so buying it again is possible).
 */
export async function syncOwnership(
  billing: Billing,
  session: Session,
  payment: PaymentState,
): Promise<void> {
  const paid = payment.succeeded;
  if (!paid || paid.purpose.kind !== 'product') return;
  const { productId } = paid.purpose;
  // A free purchase (a 100 % promotion code) has nothing to refund: it is never "refunded".
  const refunded = paid.amountCents > 0 && payment.refundedCents >= paid.amountCents;
  const lost = Object.values(payment.disputes).some((d) => d.outcome === 'lost');
  const stream = customerStreamId(paid.userId);
  const ids = { userId: paid.userId, productId, paymentId: paid.paymentId };
  // A payment refunded or lost before its success was seen never makes the tool owned.
  await decideIn(
    billing,
    session,
    stream,
    customerDecider,
    refunded || lost
      ? { kind: 'release-ownership', ...ids, reason: refunded ? 'refund' : 'dispute' }
      : { kind: 'record-ownership', ...ids },
  );
}
