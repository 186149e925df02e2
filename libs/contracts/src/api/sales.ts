import { z } from 'zod';

/** The owner's sales view (GET /api/admin/metrics, billing; a projection of events). */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const salesMetricsQuerySchema = z
  .object({ from: day, to: day, interval: z.enum(['day', 'month']).default('day') })
  .refine((q) => q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] });
export type SalesMetricsQuery = z.infer<typeof salesMetricsQuerySchema>;

export const salesMetricsResponseSchema = z.object({
  revenue: z.object({
    grossCents: z.number().int(),
    refundedCents: z.number().int(),
    disputedCents: z.number().int(),
    netCents: z.number().int(),
  }),
  mrrCents: z.number().int(),
  activePlans: z.object({ monthly: z.number().int(), annual: z.number().int() }),
  newCustomers: z.number().int(),
  trials: z.object({
    started: z.number().int(),
    converted: z.number().int(),
    conversionRate: z.number(),
  }),
  disputes: z.object({ open: z.number().int(), won: z.number().int(), lost: z.number().int() }),
  topTools: z.array(
    z.object({
      productId: z.string(),
      sales: z.number().int(),
      revenueCents: z.number().int(),
      uses: z.number().int(),
    }),
  ),
  series: z.array(
    z.object({
      date: z.string(),
      grossCents: z.number().int(),
      refundedCents: z.number().int(),
      newCustomers: z.number().int(),
      uses: z.number().int(),
    }),
  ),
});
export type SalesMetricsResponse = z.infer<typeof salesMetricsResponseSchema>;

// GET /api/admin/exports/payments.csv?from=&to= and /api/admin/exports/customers.csv
export const paymentsExportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] });
