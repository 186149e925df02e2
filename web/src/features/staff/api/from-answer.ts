import {
  grantRevocationReasonsV2,
  grantSourceKindV2Schema,
  invoiceStatusSchema,
  type StaffTicketAnswer,
  type StaffTicketDetailResponse,
  type StaffTicketListResponse,
} from '@mia/contracts';
import type {
  StaffCustomer,
  StaffGrant,
  StaffPayment,
  StaffTicketDetail,
  StaffTicketSummary,
} from './staff-schemas';

// Support answers in the contract's shape (libs/contracts/src/api/support-staff.ts); the console
// shows a smaller view of it. Unknown values fall back to what the console can show.

const customerOf = (c: {
  id: string;
  name: string | null;
  email: string | null;
}): StaffCustomer => ({
  id: c.id,
  name: c.name ?? '',
  email: c.email ?? '',
});

const summaryOf = ({
  source: _s,
  linkedTicketId: _l,
  language: _g,
  customer,
  ...ticket
}: StaffTicketAnswer): StaffTicketSummary => ({
  ...ticket,
  customer: customerOf(customer),
});

export const ticketListFromAnswer = (answer: StaffTicketListResponse): StaffTicketSummary[] =>
  answer.tickets.map(summaryOf);

const grantState = (state: string): StaffGrant['state'] =>
  state === 'suspended' || state === 'revoked' ? state : 'active';

const revokeReasonOf = (reason: string | null): StaffGrant['revokeReason'] =>
  grantRevocationReasonsV2.find((r) => r === reason) ?? null;

const paymentStatus = (status: string): StaffPayment['status'] => {
  if (status === 'partially_refunded') return 'refunded';
  const parsed = invoiceStatusSchema.safeParse(status);
  return parsed.success ? parsed.data : 'pending';
};

export function ticketDetailFromAnswer(answer: StaffTicketDetailResponse): StaffTicketDetail {
  const { source: _s, linkedTicketId: _l, language: _g, customer: _c, ...ticket } = answer.ticket;
  return {
    ticket,
    customer: answer.customer ? customerOf(answer.customer) : null,
    access: answer.account.grants.map((g) => ({
      grantId: g.grantId,
      scope: g.scope ?? 'all',
      source: grantSourceKindV2Schema.catch('admin').parse(g.source.kind),
      validFrom: g.validFrom,
      validUntil: g.validUntil,
      state: grantState(g.state),
      revokeReason: revokeReasonOf(g.revokeReason),
    })),
    payments: answer.account.payments.map((p) => ({
      id: p.paymentId,
      createdAt: p.paidAt ?? p.failedAt ?? p.refundedAt ?? '',
      description: p.description ?? '',
      amount: p.amount ?? '0.00',
      status: paymentStatus(p.status),
      failureMessage: p.failure?.message ?? null,
      refundedAmount: p.refunded ?? '0.00',
    })),
    pastTickets: answer.pastTickets.map(({ priority: _p, ...past }) => past),
  };
}
