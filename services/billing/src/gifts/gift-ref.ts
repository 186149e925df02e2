import type Stripe from 'stripe';
import { z } from 'zod';

const uuid = z.uuid();

/** What marks a PaymentIntent as a gift's (billing wrote it when it created it). */
export const GIFT_PURPOSE = 'gift';

/** Our ids on a gift's PaymentIntent. It carries no `productId`, so no purchase path takes it. */
export interface GiftRef {
  giftId: string;
  userId: string;
}

export function giftRefOf(pi: Pick<Stripe.PaymentIntent, 'metadata'>): GiftRef | null {
  const { purpose, giftId, userId } = pi.metadata ?? {};
  if (purpose !== GIFT_PURPOSE) return null;
  if (!uuid.safeParse(giftId).success || !uuid.safeParse(userId).success) return null;
  return { giftId: giftId!, userId: userId! };
}
