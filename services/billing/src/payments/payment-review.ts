import type { PaymentReviewResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';

/** The payments staff must look at, newest first (GET /api/admin/payments/review). */
export async function paymentsToReview(
  billing: Pick<Billing, 'db'>,
): Promise<PaymentReviewResponse> {
  const rows = await billing.db.paymentReview.findMany({ orderBy: { detectedAt: 'desc' } });
  return {
    payments: rows.map((r) => ({
      paymentId: r.paymentId,
      userId: r.userId,
      kind: r.kind === 'subscription' ? 'subscription' : 'product',
      productId: r.productId,
      description: r.description,
      expectedCents: r.expectedCents,
      expectedCurrency: r.expectedCurrency,
      paidCents: r.paidCents,
      paidCurrency: r.paidCurrency,
      provider: r.provider,
      providerPaymentId: r.providerPaymentId,
      paidAt: r.paidAt.toISOString(),
      detectedAt: r.detectedAt.toISOString(),
    })),
  };
}
