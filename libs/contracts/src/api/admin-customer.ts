import { z } from 'zod';

// GET /api/admin/customers?email=: what access answers and the admin panel reads. Statuses,
// kinds and reasons stay strings here so a new one shows as it is instead of failing the page.

const instant = z.string();

export const adminCustomerGrantSchema = z.looseObject({
  grantId: z.string(),
  /** A product id, or `all`. */
  scope: z.string(),
  source: z.looseObject({
    kind: z.string(),
    ref: z.string().optional(),
    by: z.string().optional(),
    reason: z.string().optional(),
  }),
  validFrom: instant,
  validUntil: instant.nullable(),
  /** active | suspended | revoked */
  status: z.string(),
  revokedReason: z.string().optional(),
});
export type AdminCustomerGrant = z.infer<typeof adminCustomerGrantSchema>;

export const adminCustomerPaymentSchema = z.looseObject({
  /** Our payment id: what `POST /api/admin/refunds` takes. */
  id: z.string(),
  createdAt: instant,
  description: z.string(),
  amount: z.string(),
  status: z.string(),
});
export type AdminCustomerPayment = z.infer<typeof adminCustomerPaymentSchema>;

/** One line of a customer's history, as the admin view and `GET /api/timeline` answer it. */
export const timelineEntrySchema = z.looseObject({
  id: z.string(),
  at: instant,
  /** payment, refund, grant, revocation, open, ... */
  kind: z.string(),
  /** The stored event's type, e.g. `AccessGranted`. */
  type: z.string(),
  /** One Spanish sentence for people (the customer, support, a dispute's evidence). */
  summary: z.string(),
});
export type TimelineEntryView = z.infer<typeof timelineEntrySchema>;

/** GET /api/timeline: the signed-in user's own history, oldest first. */
export const timelineResponseSchema = z.looseObject({ events: z.array(timelineEntrySchema) });
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

export const adminCustomerResponseSchema = z.looseObject({
  customer: z.looseObject({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    registeredAt: instant,
  }),
  products: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      usable: z.boolean(),
      reason: z.string(),
      grantId: z.string().nullable(),
    }),
  ),
  grants: z.array(adminCustomerGrantSchema),
  payments: z.array(adminCustomerPaymentSchema),
  usage: z.array(
    z.looseObject({
      productId: z.string(),
      queriesUsed: z.number(),
      lastAccessed: instant.nullable(),
    }),
  ),
  timeline: z.array(timelineEntrySchema),
});
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;
