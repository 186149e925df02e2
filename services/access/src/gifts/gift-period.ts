import { ALL_PRODUCTS, type GiftItem } from '@mia/contracts';

/**
 * A gifted plan's end: one calendar month or one year from the claim, in UTC; a day the next
 * month lacks (31 January) ends on its last day (28/29 February), never spilling into March.
 */
export function giftPeriodEnd(plan: 'monthly' | 'annual', from: Date): Date {
  const months = plan === 'monthly' ? 1 : 12;
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** What a claimed gift grants: a tool for life, or every tool for the plan's period. */
export function giftGrantOf(
  item: GiftItem,
  claimedAt: Date,
): { scope: string; validUntil: string | null } {
  return item.kind === 'product'
    ? { scope: item.productId, validUntil: null }
    : { scope: ALL_PRODUCTS, validUntil: giftPeriodEnd(item.plan, claimedAt).toISOString() };
}
