import { z } from 'zod';

export const dashboardResponseSchema = z.object({
  user: z.object({ name: z.string() }),
  availableProducts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      price: z.number(),
      purchased: z.boolean(),
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
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
