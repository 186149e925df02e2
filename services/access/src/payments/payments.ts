import { centsToAmountString } from '@mia/catalog';
import type { Payment, PrismaClient } from '../generated/prisma/client.js';

export type PaymentStatus = 'succeeded' | 'failed' | 'refunded';

/** `refunded` once fully refunded, else `succeeded` if paid, else `failed`; null: not known yet. */
export function paymentStatus(row: Pick<Payment, 'succeeded' | 'failed' | 'fullyRefunded'>) {
  if (row.fullyRefunded && row.succeeded) return 'refunded';
  if (row.succeeded) return 'succeeded';
  if (row.failed) return 'failed';
  return null;
}

export interface PaymentEntry {
  id: string;
  createdAt: string;
  description: string;
  /** The spec's decimal string ('9.99'). */
  amount: string;
  status: PaymentStatus;
  currency: string;
  amountCents: number;
  refundedCents: number;
  /** What a promotion code took off the price (0 without one). */
  discountCents: number;
  promotionCode: string | null;
}

/** A user's payments, newest first, as the dashboard shows them. */
export async function readPayments(db: PrismaClient, userId: string): Promise<PaymentEntry[]> {
  const rows = await db.payment.findMany({
    where: { userId, createdAt: { not: null } },
    orderBy: { createdAt: 'desc' },
  });
  const entries: PaymentEntry[] = [];
  for (const row of rows) {
    const status = paymentStatus(row);
    if (status === null || row.createdAt === null || row.amountCents === null) continue;
    entries.push({
      id: row.paymentId,
      createdAt: row.createdAt.toISOString(),
      description: row.description ?? '',
      amount: centsToAmountString(row.amountCents),
      status,
      currency: row.currency ?? 'usd',
      amountCents: row.amountCents,
      refundedCents: row.refundedCents,
      discountCents: row.discountCents,
      promotionCode: row.promotionCode,
    });
  }
  return entries;
}
