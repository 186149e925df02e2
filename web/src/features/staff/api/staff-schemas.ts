import {
  amountStringSchema,
  grantRevocationReasonV2Schema,
  grantSourceKindV2Schema,
  invoiceStatusSchema,
  ticketSchema,
} from '@mia/contracts';
import { z } from 'zod';

// The staff console's answers. The contracts describe the staff requests (reply, status) but not
// these responses yet: they are written here until support's API adds them to @mia/contracts.

/** Who wrote the ticket, as support's customer projection knows them (null if not yet known). */
export const staffCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

/** GET /api/support/staff/tickets: every ticket (thread left out), with its customer. */
export const staffTicketSummarySchema = ticketSchema.omit({ messages: true }).extend({
  customer: staffCustomerSchema.nullable(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;
export const staffTicketListSchema = z.array(staffTicketSummarySchema);

/** One grant the customer holds or held, and what granted it. */
export const staffGrantSchema = z.object({
  grantId: z.string(),
  /** A product id, or `all` for every tool. */
  scope: z.string(),
  source: grantSourceKindV2Schema,
  validFrom: z.string().nullable(),
  /** Null for lifetime access. */
  validUntil: z.string().nullable(),
  state: z.enum(['active', 'suspended', 'revoked']),
  revokeReason: grantRevocationReasonV2Schema.nullable(),
});
export type StaffGrant = z.infer<typeof staffGrantSchema>;

/** A recent payment, failures and refunds included. */
export const staffPaymentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  amount: amountStringSchema,
  status: invoiceStatusSchema,
  failureMessage: z.string().nullable(),
  /** What was refunded so far ('0.00' when nothing). */
  refundedAmount: amountStringSchema,
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** GET /api/support/staff/tickets/:id: the ticket with every message (notes too) and context. */
export const staffTicketDetailSchema = z.object({
  ticket: ticketSchema,
  customer: staffCustomerSchema.nullable(),
  access: z.array(staffGrantSchema),
  payments: z.array(staffPaymentSchema),
  /** The customer's other tickets, newest first. */
  pastTickets: z.array(
    ticketSchema.pick({ id: true, ticketNumber: true, title: true, status: true, createdAt: true }),
  ),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;

/** The console's filters, as the list's query string carries them. */
export interface StaffTicketFilters {
  status?: string;
  priority?: string;
  categoryId?: string;
  q?: string;
}
