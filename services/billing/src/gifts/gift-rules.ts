import { GIFT_SEND_AT_MAX_DAYS } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How far in the past a chosen `sendAt` may be: a page left open a little while still sends
 * "now"; further back is a mistake the buyer should see.
 */
export const SEND_AT_PAST_TOLERANCE_MS = 5 * MINUTE;

/** A `sendAt` the buyer may choose: not clearly past, at most 366 days ahead. */
export function checkSendAt(sendAt: string | null, now: Date): void {
  if (sendAt === null) return;
  const at = new Date(sendAt).getTime();
  if (at < now.getTime() - SEND_AT_PAST_TOLERANCE_MS) {
    throw new DomainError(
      'invalid',
      'send_at_past',
      'La fecha de envío del regalo ya pasó. Elige una fecha futura o envíalo ahora.',
      [{ path: 'sendAt', message: 'sendAt is in the past' }],
    );
  }
  if (at > now.getTime() + GIFT_SEND_AT_MAX_DAYS * DAY) {
    throw new DomainError(
      'invalid',
      'send_at_too_late',
      `El regalo se puede programar como máximo ${GIFT_SEND_AT_MAX_DAYS} días por adelantado.`,
      [{ path: 'sendAt', message: `sendAt is more than ${GIFT_SEND_AT_MAX_DAYS} days ahead` }],
    );
  }
}

/**
 * Whether a gift's refund is within the refund policy (informative for staff, as for tools):
 * an unclaimed gift may always be refunded, nobody has had it; a claimed one follows the tool's
 * rule, counted from the payment like a purchase.
 */
export function giftRefundWithinPolicy(input: {
  claimed: boolean;
  paidAt: string;
  refundedAt: string;
  policyDays: number;
}): boolean {
  if (!input.claimed) return true;
  const age = new Date(input.refundedAt).getTime() - new Date(input.paidAt).getTime();
  return age <= input.policyDays * DAY;
}
