import { z } from 'zod';
import { ticketSchema } from './tickets.js';

// The staff console's answers (support service, admin only). Loose objects: support may add
// fields; statuses and kinds stay strings so a new one shows instead of breaking the console.

const staffCustomerRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

export const staffTicketSchema = ticketSchema.omit({ messages: true }).extend({
  source: z.string(),
  linkedTicketId: z.string().nullable(),
  language: z.string(),
  customer: staffCustomerRefSchema,
});
export type StaffTicketAnswer = z.infer<typeof staffTicketSchema>;

/** GET /api/support/staff/tickets?status=&priority=&categoryId=&q= */
export const staffTicketListResponseSchema = z.looseObject({
  tickets: z.array(staffTicketSchema),
  total: z.number().int().nonnegative(),
});
export type StaffTicketListResponse = z.infer<typeof staffTicketListResponseSchema>;

export const staffGrantAnswerSchema = z.looseObject({
  grantId: z.string(),
  scope: z.string().nullable(),
  name: z.string().nullable(),
  source: z.looseObject({ kind: z.string().nullable(), ref: z.string().nullable() }),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  state: z.string(),
  revokeReason: z.string().nullable(),
});

export const staffPaymentAnswerSchema = z.looseObject({
  paymentId: z.string(),
  description: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** succeeded | failed | refunded | partially_refunded | disputed */
  status: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failure: z
    .looseObject({ code: z.string().nullable(), message: z.string().nullable() })
    .nullable(),
  refunded: z.string().nullable(),
  refundedAt: z.string().nullable(),
  dispute: z.string().nullable(),
});

/** GET /api/support/staff/tickets/:id (and the answer of its message and status calls). */
export const staffTicketDetailResponseSchema = z.looseObject({
  ticket: staffTicketSchema.extend({ messages: ticketSchema.shape.messages.unwrap() }),
  allowedStatuses: z.array(z.string()),
  customer: staffCustomerRefSchema.extend({ registeredAt: z.string().nullable() }).nullable(),
  account: z.looseObject({
    summary: z.unknown(),
    grants: z.array(staffGrantAnswerSchema),
    payments: z.array(staffPaymentAnswerSchema),
  }),
  pastTickets: z.array(
    ticketSchema.pick({
      id: true,
      ticketNumber: true,
      title: true,
      status: true,
      priority: true,
      createdAt: true,
    }),
  ),
});
export type StaffTicketDetailResponse = z.infer<typeof staffTicketDetailResponseSchema>;
