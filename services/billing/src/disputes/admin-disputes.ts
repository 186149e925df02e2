import type {
  AdminDisputeListResponse,
  DisputeEvidenceRequest,
  DisputeEvidenceResponse,
} from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { callProvider } from '../provider/provider-errors.js';
import { customerStreamId, paymentStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { buildDisputeEvidence } from './dispute-evidence.js';
import { disputeEvidenceStreamId, toolUseStreamId } from './dispute-events.js';
import { evidenceSubmissionDecider } from './evidence-submission-decider.js';
import { toolUsesReader } from './tool-uses.js';

const CLOSED = ['won', 'lost', 'warning_closed', 'prevented'];

/** GET /api/admin/disputes: the open disputes, the nearest deadline first. */
export async function listOpenDisputes(billing: Billing): Promise<AdminDisputeListResponse> {
  const rows = await billing.db.dispute.findMany({
    where: { status: { notIn: CLOSED } },
    orderBy: [{ evidenceDueBy: 'asc' }, { openedAt: 'asc' }],
    take: 500,
  });
  const payments = await billing.db.payment.findMany({
    where: { paymentId: { in: rows.map((r) => r.paymentId) } },
    select: { paymentId: true, description: true },
  });
  const customers = await billing.db.customer.findMany({
    where: { userId: { in: rows.map((r) => r.userId) } },
    select: { userId: true, email: true },
  });
  const description = new Map(payments.map((p) => [p.paymentId, p.description]));
  const email = new Map(customers.map((c) => [c.userId, c.email]));
  return {
    disputes: rows.map((r) => ({
      disputeId: r.disputeId,
      paymentId: r.paymentId,
      userId: r.userId,
      customerEmail: email.get(r.userId) ?? null,
      description: description.get(r.paymentId) ?? '',
      reason: r.reason,
      amountCents: r.amountCents,
      currency: r.currency,
      evidenceDueBy: r.evidenceDueBy?.toISOString() ?? null,
      status: r.status,
      inquiry: r.inquiry,
      evidenceSubmittedAt: r.evidenceSubmittedAt?.toISOString() ?? null,
    })),
  };
}

/** The evidence as it would be sent now, from billing's own streams (no call to access). */
async function evidenceFor(billing: Billing, disputeId: string, note: string | undefined) {
  const row = await billing.db.dispute.findUnique({ where: { disputeId } });
  if (!row) throw new DomainError('not_found', 'dispute_not_found', 'Disputa no encontrada.');
  const { state: payment } = await billing.commands.load(
    paymentStreamId(row.paymentId),
    paymentDecider,
  );
  const paid = payment.succeeded;
  if (!paid) throw new Error(`Dispute ${disputeId} of unpaid payment ${row.paymentId}`);
  const { state: customer } = await billing.commands.load(
    customerStreamId(paid.userId),
    customerDecider,
  );
  const { state: uses } = await billing.commands.load(toolUseStreamId(paid.userId), toolUsesReader);
  const built = buildDisputeEvidence({
    customerEmail: customer.email,
    customerName: customer.name,
    payment: { ...paid, receiptUrl: payment.receiptUrl },
    uses,
    note,
    product:
      paid.purpose.kind === 'product'
        ? await billing.catalog.product(paid.purpose.productId)
        : undefined,
  });
  const dispute = payment.disputes[disputeId];
  const open = !!dispute && !dispute.closed;
  return { ...built, paymentId: row.paymentId, open, status: row.status };
}

/**
 * POST /api/admin/disputes/{id}/evidence: shows the evidence (`dryRun`) or sends it with
 * `submit: true`, once: the decider records the sending before the provider call, so a second
 * request (even a concurrent one) is refused with 409.
 */
export async function submitDisputeEvidence(
  billing: Billing,
  adminId: string,
  disputeId: string,
  request: DisputeEvidenceRequest,
): Promise<DisputeEvidenceResponse> {
  const built = await evidenceFor(billing, disputeId, request.note);
  const stream = disputeEvidenceStreamId(disputeId);
  if (request.dryRun) {
    const { state } = await billing.commands.load(stream, evidenceSubmissionDecider);
    return {
      disputeId,
      submitted: state.status === 'submitted',
      evidence: built.evidence,
      uses: built.uses,
      status: built.status,
    };
  }
  const ids = { disputeId, paymentId: built.paymentId, adminId };
  await transact(billing, (session) =>
    billing.commands.handleIn(session, stream, evidenceSubmissionDecider, {
      kind: 'begin',
      ...ids,
      disputeOpen: built.open,
    }),
  );
  let status: string;
  try {
    const updated = await callProvider(() =>
      billing.provider.stripe.disputes.update(
        disputeId,
        { evidence: built.evidence, submit: true },
        { idempotencyKey: `dispute-evidence-${disputeId}` },
      ),
    );
    status = updated.status;
  } catch (error) {
    await transact(billing, (session) =>
      billing.commands.handleIn(session, stream, evidenceSubmissionDecider, {
        kind: 'fail',
        disputeId,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    throw error;
  }
  await transact(billing, (session) =>
    billing.commands.handleIn(session, stream, evidenceSubmissionDecider, {
      kind: 'complete',
      ...ids,
      uses: built.uses,
    }),
  );
  return { disputeId, submitted: true, evidence: built.evidence, uses: built.uses, status };
}
