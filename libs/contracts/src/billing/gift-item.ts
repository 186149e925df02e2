import { z } from 'zod';
import { planTypeSchema, productRefSchema } from '../fields.js';

/** What a gift gives: one tool for life, or one prepaid period of a plan (no renewal). */
export const giftItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), productId: productRefSchema }),
  z.object({ kind: z.literal('plan'), plan: planTypeSchema }),
]);
export type GiftItem = z.infer<typeof giftItemSchema>;

/** The longest a buyer may write to the recipient. */
export const GIFT_MESSAGE_MAX = 500;
