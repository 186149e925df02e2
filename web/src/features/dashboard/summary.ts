import type { DashboardResponse } from '@mia/contracts';

/** '9.99' -> 999. Anything not a decimal amount counts as nothing rather than NaN. */
export function amountToCents(amount: string): number {
  const match = /^\s*(-?)(\d+)(?:\.(\d{1,2}))?\s*$/.exec(amount);
  if (!match) return 0;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 9.99 -> 999: the products' prices are numbers in dollars. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

export type PaymentLabel = 'paid' | 'refunded' | 'failed';

/** Spec section 4: succeeded is Paid; refunded is Refunded; anything else Failed. */
export function paymentLabel(status: string): PaymentLabel {
  if (status === 'succeeded') return 'paid';
  if (status === 'refunded') return 'refunded';
  return 'failed';
}

export interface DashboardStats {
  owned: number;
  total: number;
  uses: number;
  investedCents: number;
}

/**
 * Spec section 2: tools owned out of those available, uses summed over the purchased GPTs,
 * and what the succeeded payments add up to (refunded and failed ones do not count).
 */
export function dashboardStats(data: DashboardResponse): DashboardStats {
  return {
    owned: data.availableProducts.filter((product) => product.purchased).length,
    total: data.availableProducts.length,
    uses: data.purchasedGpts.reduce((sum, gpt) => sum + gpt.queriesUsed, 0),
    investedCents: data.payments
      .filter((payment) => payment.status === 'succeeded')
      .reduce((sum, payment) => sum + amountToCents(payment.amount), 0),
  };
}

/** The recent-activity list: the first five purchased GPTs, as the answer orders them. */
export const RECENT_ACTIVITY_ITEMS = 5;

export function usesOf(data: DashboardResponse, productId: string): number {
  return data.purchasedGpts.find((gpt) => gpt.modelId === productId)?.queriesUsed ?? 0;
}

/** An ISO date, or null when it is missing or unreadable. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
