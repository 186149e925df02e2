import { z } from 'zod';
import { ownIdSchema, planTypeSchema, productRefSchema } from '../fields.js';

/** What a payment pays for: one tool (lifetime access) or a subscription's invoice. */
export const paymentPurposeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), productId: productRefSchema }),
  z.object({
    kind: z.literal('subscription'),
    subscriptionId: ownIdSchema,
    plan: planTypeSchema,
  }),
]);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

/** Who settled the payment: Stripe, or the local sandbox that speaks Stripe's API. */
export const paymentProviderSchema = z.enum(['stripe', 'sandbox']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
