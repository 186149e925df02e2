import { z } from 'zod';
import { multiLineText, singleLineText } from '../text.js';

// Admin disputes (admin role, enforced by billing): the open disputes, and the evidence built
// from the customer's own timeline (purchase, receipt, every use) sent to the provider once.

export const adminDisputeStatuses = [
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
] as const;

/** GET /api/admin/disputes: one open dispute. */
export const adminDisputeSchema = z.object({
  disputeId: z.string(),
  paymentId: z.string(),
  userId: z.string(),
  customerEmail: z.string().nullable(),
  description: z.string(),
  reason: z.string(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  /** ISO instant; null when the provider named no deadline. */
  evidenceDueBy: z.string().nullable(),
  status: z.string(),
  inquiry: z.boolean(),
  /** When the evidence went to the provider (null: not yet). */
  evidenceSubmittedAt: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const adminDisputeListResponseSchema = z.object({ disputes: z.array(adminDisputeSchema) });
export type AdminDisputeListResponse = z.infer<typeof adminDisputeListResponseSchema>;

/** POST /api/admin/disputes/{disputeId}/evidence: `dryRun` shows it without sending it. */
export const disputeEvidenceRequestSchema = z.object({
  note: multiLineText({ trim: true, max: 5000 }).optional(),
  dryRun: z.boolean().optional(),
});
export type DisputeEvidenceRequest = z.infer<typeof disputeEvidenceRequestSchema>;

export const disputeIdParamSchema = singleLineText({ max: 255, minMessage: 'Dispute is required' });

/** The evidence as the provider receives it (Stripe's text fields). */
export const disputeEvidenceSchema = z.object({
  customer_email_address: z.string().optional(),
  customer_name: z.string().optional(),
  product_description: z.string(),
  service_date: z.string(),
  access_activity_log: z.string(),
  refund_policy_disclosure: z.string(),
  uncategorized_text: z.string().optional(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeEvidenceResponseSchema = z.object({
  disputeId: z.string(),
  submitted: z.boolean(),
  evidence: disputeEvidenceSchema,
  /** How many uses and code checks the activity log lists. */
  uses: z.number().int().nonnegative(),
  status: z.string(),
});
export type DisputeEvidenceResponse = z.infer<typeof disputeEvidenceResponseSchema>;
