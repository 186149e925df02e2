import Stripe from 'stripe';
import type {
  PaidPlanPeriod,
  ProviderPayment,
  ProviderSubscription,
  ProviderView,
} from './views.js';

// The provider's view, read through its own public API (the same SDK billing uses, pointed at the
// Stripe sandbox): every succeeded PaymentIntent, its charge's refunds and disputes, and our
// subscriptions. Tool purchases carry our ids in the PaymentIntent's metadata; a plan's invoice
// PaymentIntent is tied to its subscription through the invoice payment.

const API_VERSION = '2026-10-28.endive' as const;

/** The SDK on the sandbox, with the secret key of its run (random: it has no fixed one). */
export function sandboxClient(sandboxUrl: string, secretKey: string): Stripe {
  const url = new URL(sandboxUrl);
  return new Stripe(secretKey, {
    apiVersion: API_VERSION,
    host: url.hostname,
    port: Number(url.port || 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
    maxNetworkRetries: 3,
  });
}

/** Every item of a list (newest first), however long. */
async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}
const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

export async function readProviderView(
  sandboxUrl: string,
  secretKey: string,
): Promise<ProviderView> {
  const stripe = sandboxClient(sandboxUrl, secretKey);
  const [intents, charges, disputes, invoicePayments, invoices, subs, refunds] = await Promise.all([
    all(stripe.paymentIntents.list({ limit: 100 })),
    all(stripe.charges.list({ limit: 100 })),
    all(stripe.disputes.list({ limit: 100 })),
    all(stripe.invoicePayments.list({ limit: 100 })),
    all(stripe.invoices.list({ limit: 100 })),
    all(stripe.subscriptions.list({ limit: 100, status: 'all' })),
    all(stripe.refunds.list({ limit: 100 })),
  ]);
  const planActionsOf = new Map<string, string[]>();
  for (const r of refunds) {
    const pi = idOf(r.payment_intent);
    const action = r.metadata?.planAction;
    if (pi && action) planActionsOf.set(pi, [...(planActionsOf.get(pi) ?? []), action]);
  }

  const ours = new Map<string, ProviderSubscription>();
  for (const s of subs) {
    const { userId, subscriptionId } = s.metadata ?? {};
    if (!userId || !subscriptionId) continue;
    ours.set(s.id, {
      providerSubscriptionId: s.id,
      subscriptionId,
      userId,
      status: s.status,
      currentPeriodEnd: s.items.data[0]?.current_period_end ?? null,
    });
  }
  const subscriptionOfInvoice = new Map(
    invoices.map((i) => [i.id, idOf(i.parent?.subscription_details?.subscription)]),
  );
  const invoiceOfIntent = new Map<string, string>();
  for (const ip of invoicePayments) {
    const pi = idOf(ip.payment.payment_intent);
    const invoice = idOf(ip.invoice);
    if (pi && invoice) invoiceOfIntent.set(pi, invoice);
  }
  const chargesOf = new Map<string, Stripe.Charge[]>();
  for (const c of charges) {
    const pi = idOf(c.payment_intent);
    if (pi) chargesOf.set(pi, [...(chargesOf.get(pi) ?? []), c]);
  }
  const disputeOf = new Map<string, Stripe.Dispute>();
  // Newest first: the first seen per PaymentIntent is its latest dispute.
  for (const d of disputes) {
    const pi = idOf(d.payment_intent);
    if (pi && !disputeOf.has(pi)) disputeOf.set(pi, d);
  }

  const payments: ProviderPayment[] = [];
  for (const pi of intents) {
    if (pi.status !== 'succeeded') continue;
    const purpose = purposeOf(pi, invoiceOfIntent, subscriptionOfInvoice, ours);
    if (!purpose) continue; // not one of ours
    const dispute = disputeOf.get(pi.id);
    payments.push({
      providerPaymentId: pi.id,
      userId: purpose.userId,
      purpose: purpose.purpose,
      amountCents: pi.amount_received || pi.amount,
      refundedCents: (chargesOf.get(pi.id) ?? []).reduce((sum, c) => sum + c.amount_refunded, 0),
      dispute: disputeOutcome(dispute?.status ?? null),
      disputeStatus: dispute?.status ?? null,
      refundPlanActions: planActionsOf.get(pi.id) ?? [],
    });
  }
  // Oldest first, so "the second charge" of a tool is the later one.
  payments.reverse();
  return {
    payments,
    subscriptions: [...ours.values()],
    paidPlanPeriods: paidPlanPeriodsOf(invoices, ours, invoiceOfIntent),
  };
}

/** Every paid invoice of our plans, with the end of the period its subscription line paid for. */
function paidPlanPeriodsOf(
  invoices: readonly Stripe.Invoice[],
  subscriptions: Map<string, ProviderSubscription>,
  invoiceOfIntent: Map<string, string>,
): PaidPlanPeriod[] {
  const intentOf = new Map([...invoiceOfIntent].map(([pi, invoice]) => [invoice, pi]));
  const periods: PaidPlanPeriod[] = [];
  for (const invoice of invoices) {
    if (invoice.status !== 'paid') continue;
    const sub = subscriptions.get(idOf(invoice.parent?.subscription_details?.subscription) ?? '');
    if (!sub) continue;
    // The plan's own line (a change's credit for unused time is a proration, not a period).
    const ends = invoice.lines.data
      .filter((line) => line.parent?.subscription_item_details?.proration === false)
      .map((line) => line.period.end);
    if (ends.length === 0) continue;
    const providerPaymentId = intentOf.get(invoice.id);
    periods.push({
      invoiceId: invoice.id,
      ...(providerPaymentId ? { providerPaymentId } : {}),
      providerSubscriptionId: sub.providerSubscriptionId,
      subscriptionId: sub.subscriptionId,
      userId: sub.userId,
      periodEnd: Math.max(...ends),
    });
  }
  return periods;
}

/**
 * A dispute as it bears on the payment: an open chargeback, one the bank decided for us (won, or
 * an inquiry closed / prevented), one lost. An inquiry still open takes nothing back yet: none.
 */
function disputeOutcome(status: string | null): ProviderPayment['dispute'] {
  if (status === null || status === 'warning_needs_response' || status === 'warning_under_review')
    return null;
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

function purposeOf(
  pi: Stripe.PaymentIntent,
  invoiceOfIntent: Map<string, string>,
  subscriptionOfInvoice: Map<string, string | null>,
  subscriptions: Map<string, ProviderSubscription>,
): { userId: string; purpose: ProviderPayment['purpose'] } | null {
  const { userId, productId, paymentId } = pi.metadata ?? {};
  if (userId && productId && paymentId)
    return { userId, purpose: { kind: 'product', productId, paymentId } };
  const invoice = invoiceOfIntent.get(pi.id);
  const sub = invoice ? subscriptionOfInvoice.get(invoice) : null;
  const ours = sub ? subscriptions.get(sub) : undefined;
  if (!ours) return null;
  return {
    userId: ours.userId,
    purpose: {
      kind: 'subscription',
      providerSubscriptionId: ours.providerSubscriptionId,
      subscriptionId: ours.subscriptionId,
    },
  };
}
