import { DisputeClosedV2, PaymentDisputedV2 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { EvidenceSubmitted } from './dispute-events.js';

/** `disputes`: every dispute of our payments, its deadline and status, for staff. */
export const disputesProjection: Projection<BillingTx> = {
  name: 'billing-disputes',
  handles: [PaymentDisputedV2.type, DisputeClosedV2.type, EvidenceSubmitted.type],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case PaymentDisputedV2.type: {
        // The v1 twin older streams hold says nothing more.
        if (event.version !== PaymentDisputedV2.version) return;
        const d = PaymentDisputedV2.schema.parse(event.data);
        const status = d.inquiry ? 'warning_needs_response' : 'needs_response';
        const fields = {
          reason: d.reason,
          inquiry: d.inquiry,
          evidenceDueBy: d.evidenceDueBy ? new Date(d.evidenceDueBy) : null,
          updatedAt: at,
        };
        await tx.dispute.upsert({
          where: { disputeId: d.disputeId },
          create: {
            disputeId: d.disputeId,
            paymentId: d.paymentId,
            userId: d.userId,
            amountCents: d.amountCents,
            currency: d.currency,
            status,
            openedAt: at,
            ...fields,
          },
          // An escalated inquiry becomes a chargeback; a closed dispute stays closed.
          update: { ...fields, status },
        });
        return;
      }
      case DisputeClosedV2.type: {
        if (event.version !== DisputeClosedV2.version) return;
        const d = DisputeClosedV2.schema.parse(event.data);
        await tx.dispute.updateMany({
          where: { disputeId: d.disputeId },
          data: { status: d.outcome, updatedAt: at },
        });
        return;
      }
      case EvidenceSubmitted.type: {
        const d = EvidenceSubmitted.schema.parse(event.data);
        for (const [from, to] of [
          ['needs_response', 'under_review'],
          ['warning_needs_response', 'warning_under_review'],
        ] as const) {
          await tx.dispute.updateMany({
            where: { disputeId: d.disputeId, status: from },
            data: { status: to, updatedAt: at },
          });
        }
        await tx.dispute.updateMany({
          where: { disputeId: d.disputeId },
          data: { evidenceSubmittedAt: new Date(d.at) },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.dispute.deleteMany();
  },
};
