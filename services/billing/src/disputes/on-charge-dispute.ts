import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { applyGiftChargeNews } from '../gifts/gift-charge-news.js';
import { callProvider } from '../provider/provider-errors.js';
import { idOf, isoOf } from '../provider/views.js';
import { applyChargeNews, loadChargeFacts, type ChargeNews } from '../refunds/charge-facts.js';
import type { Session } from '../shared/transact.js';
import { applySubscription } from '../subscriptions/apply-subscription.js';
import { cancelPlanNow } from './cancel-plan-now.js';
import { disputeEndsPlan, isInquiryStatus, outcomeOfStatus } from './dispute-policy.js';

/** What a provider dispute says, in billing's terms. */
export function disputeNewsOf(dispute: Stripe.Dispute): ChargeNews {
  const due = dispute.evidence_details?.due_by;
  return {
    kind: 'dispute',
    disputeId: dispute.id,
    reason: dispute.reason,
    inquiry: isInquiryStatus(dispute.status),
    evidenceDueBy: due ? isoOf(due) : null,
    outcome: outcomeOfStatus(dispute.status),
  };
}

/**
 * charge.dispute.created / updated / closed: the dispute as the provider holds it now. A lost
 * dispute on a plan payment also cancels the plan at the provider before the effect (provider
 * calls never run inside the transaction), and the effect then ends it here too.
 */
export async function onChargeDispute(
  billing: Billing,
  disputeId: string,
): Promise<((session: Session) => Promise<unknown>) | null> {
  const { stripe } = billing.provider;
  const dispute = await callProvider(() => stripe.disputes.retrieve(disputeId));
  const chargeId = idOf(dispute.charge);
  const facts = chargeId ? await loadChargeFacts(billing, chargeId) : null;
  if (!facts) return null;
  const news = disputeNewsOf(dispute);
  // A gift's dispute is recorded on the gift for staff only (ADR 0020), never announced.
  const gift = facts.gift;
  if (gift && news.kind === 'dispute') {
    const { disputeId, reason, outcome } = news;
    const giftNews = { kind: 'dispute' as const, disputeId, reason, outcome };
    return (session) => applyGiftChargeNews(billing, session, { ...facts, gift }, giftNews);
  }
  const purpose = facts.invoice
    ? ({
        kind: 'subscription',
        subscriptionId: facts.invoice.ref.subscriptionId,
        plan: facts.invoice.view.plan,
      } as const)
    : null;
  const ended =
    facts.invoice && purpose && news.kind === 'dispute' && disputeEndsPlan(news.outcome, purpose)
      ? await cancelPlanNow(billing, facts.invoice.subscription.id, `dispute ${dispute.id} lost`)
      : null;
  return async (session) => {
    await applyChargeNews(billing, session, facts, news);
    if (ended) await applySubscription(billing, session, ended);
  };
}
