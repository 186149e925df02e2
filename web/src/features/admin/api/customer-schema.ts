import { z } from 'zod';

// GET /api/admin/customers?email= has no schema in @mia/contracts yet. This is the shape the
// panel reads, kept lenient (extra fields pass, unknown statuses show as they are) until the
// contract exists; then import it from there and delete this file.

const instant = z.string();

export const customerGrantSchema = z.looseObject({
  grantId: z.string(),
  /** A product id, or `all`. */
  scope: z.string(),
  source: z.looseObject({
    kind: z.string(),
    ref: z.string().optional(),
    reason: z.string().optional(),
  }),
  validFrom: instant.optional(),
  validUntil: instant.nullable().optional(),
  /** active | suspended | revoked | expired */
  status: z.string(),
});
export type CustomerGrant = z.infer<typeof customerGrantSchema>;

export const customerPaymentSchema = z.looseObject({
  /** Our payment id: what `POST /api/admin/refunds` takes. */
  id: z.string(),
  createdAt: instant,
  description: z.string(),
  amount: z.string(),
  status: z.string(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

export const customerTimelineEntrySchema = z.looseObject({
  at: instant,
  type: z.string(),
  summary: z.string().optional(),
});

export const adminCustomerResponseSchema = z.looseObject({
  user: z.looseObject({ id: z.string(), name: z.string(), email: z.string() }),
  grants: z.array(customerGrantSchema),
  payments: z.array(customerPaymentSchema),
  usage: z
    .array(
      z.looseObject({
        productId: z.string(),
        queriesUsed: z.number(),
        lastAccessed: instant.nullable(),
      }),
    )
    .optional(),
  timeline: z.array(customerTimelineEntrySchema),
});
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;
