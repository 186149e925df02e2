import { z } from 'zod';
import { productAccessSchema } from './access.js';

/** GET /api/dashboard: the spec's four fields, plus optional extras the spec's client ignores. */
export const dashboardResponseSchema = z.object({
  user: z.object({ name: z.string() }),
  availableProducts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      price: z.number(),
      purchased: z.boolean(),
      /** How the user holds this product (absent when not usable). */
      access: productAccessSchema.optional(),
    }),
  ),
  purchasedGpts: z.array(
    z.object({
      modelId: z.string(),
      queriesUsed: z.number().int().nonnegative(),
      lastAccessed: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      description: z.string(),
      // The spec's payments carry the amount as a decimal string ('9.99').
      amount: z.string(),
      status: z.string(),
      /** What a promotion code took off the price; absent without one. */
      discountCents: z.number().int().positive().optional(),
      /** The code the customer entered (absent or null without one). */
      promotionCode: z.string().max(40).nullable().optional(),
    }),
  ),
  /** The user's personal access code (the "código MIA") that GPTs ask for. */
  accessCode: z.string().optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
