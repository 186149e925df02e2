import { z } from 'zod';
import { productIdSchema } from './access.js';

export const planTypeSchema = z.enum(['monthly', 'annual']);
export type PlanType = z.infer<typeof planTypeSchema>;

export const createPaymentIntentRequestSchema = z.object({ productId: productIdSchema });
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const clientSecretResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string().optional(),
  // True when no payment provider is configured and the sandbox stands in for it.
  sandbox: z.boolean().optional(),
});
export type ClientSecretResponse = z.infer<typeof clientSecretResponseSchema>;

export const createSubscriptionRequestSchema = z.object({
  priceId: z.string().trim().min(1, 'Price is required'),
  planType: planTypeSchema,
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

export const confirmPaymentRequestSchema = z.object({
  paymentIntentId: z.string().trim().min(1, 'Payment is required'),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;
