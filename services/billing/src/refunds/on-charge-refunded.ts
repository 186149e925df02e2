import type { Billing } from '../billing.js';
import { cancelPlanNow } from '../disputes/cancel-plan-now.js';
import { applyGiftChargeNews } from '../gifts/gift-charge-news.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { paymentStreamId } from '../shared/ids.js';
import type { Session } from '../shared/transact.js';
import { applySubscription } from '../subscriptions/apply-subscription.js';
import { applyChargeNews, lastRefundAt, loadChargeFacts } from './charge-facts.js';

/**
 * charge.refunded: the refund as the provider holds it now. When staff asked for it with
 * `cancel_now` and the admin call did not finish (its answer was lost), the plan is cancelled at
 * the provider here, before the transaction, and ended with the refund.
 */
export async function onChargeRefunded(
  billing: Billing,
  chargeId: string,
): Promise<((session: Session) => Promise<unknown>) | null> {
  const facts = await loadChargeFacts(billing, chargeId);
  if (!facts) return null;
  const news = {
    kind: 'refund' as const,
    refundedTotalCents: facts.charge.amount_refunded,
    refundedAt: lastRefundAt(facts.charge, billing.clock()),
  };
  const gift = facts.gift;
  if (gift) return (session) => applyGiftChargeNews(billing, session, { ...facts, gift }, news);
  const { state } = await billing.commands.load(paymentStreamId(facts.paymentId), paymentDecider);
  const paid = state.succeeded;
  const endsPlan =
    facts.invoice !== null &&
    state.pendingRefund?.planAction === 'cancel_now' &&
    paid !== null &&
    news.refundedTotalCents >= paid.amountCents;
  const ended =
    endsPlan && facts.invoice
      ? await cancelPlanNow(
          billing,
          facts.invoice.subscription.id,
          `refund of payment ${facts.paymentId}`,
        )
      : null;
  return async (session) => {
    await applyChargeNews(billing, session, facts, news);
    if (ended) await applySubscription(billing, session, ended);
  };
}
