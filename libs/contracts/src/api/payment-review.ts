import { z } from 'zod';

/**
 * GET /api/admin/payments/review (admin, billing): payments the provider reported paid for
 * other money than their checkout started with. Nothing was granted for them; staff refund
 * the payment or grant the tool by hand.
 */
export const paymentReviewItemSchema = z.object({
  paymentId: z.string(),
  userId: z.string(),
  kind: z.enum(['product', 'subscription']),
  productId: z.string().nullable(),
  description: z.string(),
  expectedCents: z.number().int().nonnegative(),
  expectedCurrency: z.string(),
  paidCents: z.number().int().nonnegative(),
  paidCurrency: z.string(),
  provider: z.string(),
  providerPaymentId: z.string(),
  paidAt: z.string(),
  detectedAt: z.string(),
});
export type PaymentReviewItem = z.infer<typeof paymentReviewItemSchema>;

export const paymentReviewResponseSchema = z.object({
  payments: z.array(paymentReviewItemSchema),
});
export type PaymentReviewResponse = z.infer<typeof paymentReviewResponseSchema>;
