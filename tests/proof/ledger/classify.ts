import type {
  BillingPayment,
  BillingReview,
  DashboardView,
  Grant,
  LedgerViews,
  ProviderPayment,
  ProviderSubscription,
} from './views.js';

// Every payment the provider accepted is classified once, by the worst thing found about it:
// - lost: some view that must hold it does not (billing's record, access's history, the grant,
//   the dashboard's line);
// - duplicated: some view holds it more than once (two billing records, two dashboard lines, a
//   refund counted twice), or the provider charged one customer twice for one tool;
// - wrong: held once everywhere, but in the wrong state (status, amount, access).
// Records the provider does not vouch for (a payment, a grant or a history line with no
// succeeded PaymentIntent behind it) are counted apart as unbacked.
// A payment the provider took for other money than its checkout started with must be listed in
// billing's review and granted nothing: listed, it is counted as mismatched (and printed);
// granted, it is wrong; a tool paid at another price than the catalogue's and not listed, wrong.

export type Outcome = 'ok' | 'lost' | 'duplicated' | 'wrong';

export interface Discrepancy {
  kind: Exclude<Outcome, 'ok'> | 'unbacked';
  userId: string;
  providerPaymentId?: string;
  paymentId?: string;
  detail: string;
}

export interface LedgerReport {
  /** Per provider payment, plus plans whose access differs from the provider's subscription. */
  counts: Record<Outcome, number> & {
    payments: number;
    /** Payments billing listed for review (other money than started), granted nothing. */
    mismatched: number;
    unbacked: number;
    subscriptions: number;
    subscriptionsWrong: number;
    /** Plan periods invoices paid for, and those access opened no window for. */
    planPeriods: number;
    planPeriodsLost: number;
    /** Plan payments refunded (in full or part) and disputed, each checked against the plan. */
    planRefunds: number;
    planDisputes: number;
  };
  discrepancies: Discrepancy[];
  /** Every mismatch billing listed, for the report. */
  mismatches: BillingReview[];
}

const SEVERITY: Outcome[] = ['ok', 'wrong', 'duplicated', 'lost'];
const worst = (a: Outcome, b: Outcome): Outcome =>
  SEVERITY.indexOf(a) >= SEVERITY.indexOf(b) ? a : b;

/** Subscription statuses under which the plan's tools are open until the period's end. */
const OPEN_STATUSES = new Set(['active', 'trialing', 'past_due']);

const fullyRefunded = (p: ProviderPayment) => p.refundedCents >= p.amountCents;

/** billing's status for a provider payment (a lost dispute keeps `disputed`). */
function expectedBillingStatus(p: ProviderPayment): string {
  if (fullyRefunded(p)) return 'refunded';
  if (p.dispute === 'open' || p.dispute === 'lost') return 'disputed';
  return 'succeeded';
}

/** The status of a tool purchase's grant. */
function expectedGrantStatus(p: ProviderPayment): string {
  if (fullyRefunded(p) || p.dispute === 'lost') return 'revoked';
  if (p.dispute === 'open') return 'suspended';
  return 'active';
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

export function classify(views: LedgerViews): LedgerReport {
  const discrepancies: Discrepancy[] = [];
  const counts = {
    payments: 0,
    mismatched: 0,
    ok: 0,
    lost: 0,
    duplicated: 0,
    wrong: 0,
    unbacked: 0,
    subscriptions: 0,
    subscriptionsWrong: 0,
    planPeriods: 0,
    planPeriodsLost: 0,
    planRefunds: 0,
    planDisputes: 0,
  };

  const billingByProvider = groupBy(views.billing, (b) => b.providerPaymentId);
  const reviews = new Map((views.reviews ?? []).map((r) => [r.providerPaymentId, r]));
  const accessById = groupBy(views.access.payments, (a) => a.paymentId);
  const grantsById = groupBy(views.access.grants, (g) => `${g.userId} ${g.grantId}`);
  const repeats = groupBy(views.repeatedEvents ?? [], (r) => r.paymentId);
  const dashboards = new Map(views.dashboards.map((d) => [d.userId, d]));
  const subscriptions = new Map(views.provider.subscriptions.map((s) => [s.subscriptionId, s]));
  // Tools each user paid for and kept: more than one kept payment for a tool is a double charge.
  // A purchase an admin took back is not kept (billing released it: buying again is allowed).
  const takenBack = (p: ProviderPayment) =>
    p.purpose.kind === 'product' &&
    grantsById.get(`${p.userId} purchase:${p.purpose.paymentId}`)?.[0]?.revokedReason === 'admin';
  const keptPurchases = groupBy(views.provider.payments, (p) =>
    p.purpose.kind === 'product' && !fullyRefunded(p) && !takenBack(p)
      ? `${p.userId} ${p.purpose.productId}`
      : null,
  );

  for (const p of views.provider.payments) {
    counts.payments++;
    let outcome: Outcome = 'ok';
    const found = (kind: Exclude<Outcome, 'ok'>, detail: string, paymentId?: string) => {
      outcome = worst(outcome, kind);
      discrepancies.push({
        kind,
        userId: p.userId,
        providerPaymentId: p.providerPaymentId,
        ...(paymentId ? { paymentId } : {}),
        detail,
      });
    };

    const review = reviews.get(p.providerPaymentId);
    if (review) {
      checkMismatch(p, review, grantsById, found);
      if (outcome === 'ok') counts.mismatched++;
      else counts[outcome]++;
      continue;
    }
    if (p.purpose.kind === 'product') {
      const listed = views.toolPriceCents?.(p.purpose.productId);
      const discount = views.discountCents?.(p.purpose.paymentId) ?? 0;
      const price = listed === undefined ? undefined : listed - discount;
      if (price !== undefined && p.amountCents !== price)
        found(
          'wrong',
          `paid ${p.amountCents} for a tool priced ${price}${discount ? ` (${discount} off)` : ''}, not listed for review`,
        );
    }

    if (p.purpose.kind === 'product') {
      const kept = keptPurchases.get(`${p.userId} ${p.purpose.productId}`) ?? [];
      if (kept.length > 1 && kept[0] !== p)
        found('duplicated', `second kept charge for ${p.purpose.productId}`);
    }

    const records = billingByProvider.get(p.providerPaymentId) ?? [];
    if (records.length === 0) found('lost', 'billing has no payment for it');
    if (records.length > 1)
      found('duplicated', `billing has ${records.length} payments for it`, records[1]!.paymentId);
    const b = records[0];
    if (b) checkRecorded(p, b, found);
    for (const r of b ? (repeats.get(b.paymentId) ?? []) : [])
      found('duplicated', `${r.service} recorded ${r.type} ${r.count} times`, b!.paymentId);
    if (b) checkAccess(p, b, accessById, grantsById, dashboards.get(p.userId), found);

    counts[outcome]++;
  }

  // Periods whose invoice paid other money than the plan's price: listed, and paid for nothing.
  const reviewedEnds = new Set(
    (views.provider.paidPlanPeriods ?? [])
      .filter((p) => p.providerPaymentId !== undefined && reviews.has(p.providerPaymentId))
      .map((p) => `${p.subscriptionId} ${p.periodEnd}`),
  );
  const planPayments = groupBy(views.provider.payments, (p) =>
    p.purpose.kind === 'subscription' ? p.purpose.providerSubscriptionId : null,
  );
  for (const s of views.provider.subscriptions) {
    counts.subscriptions++;
    let wrong = false;
    const payments = planPayments.get(s.providerSubscriptionId) ?? [];
    counts.planRefunds += payments.filter((p) => p.refundedCents > 0).length;
    counts.planDisputes += payments.filter((p) => (p.disputeStatus ?? null) !== null).length;
    const unpaidEnd = reviewedEnds.has(`${s.subscriptionId} ${s.currentPeriodEnd}`);
    checkSubscriptionAccess(s, grantsById, payments, unpaidEnd, (detail) => {
      wrong = true;
      discrepancies.push({ kind: 'wrong', userId: s.userId, detail });
    });
    if (wrong) counts.subscriptionsWrong++;
  }

  for (const d of planWindows(views, counts, new Set(reviews.keys()))) discrepancies.push(d);

  for (const d of unbacked(views, subscriptions)) {
    counts.unbacked++;
    discrepancies.push(d);
  }
  return { counts, discrepancies, mismatches: [...reviews.values()] };
}

/** A listed mismatch: the review names the provider's amount, and nothing was granted for it. */
function checkMismatch(
  p: ProviderPayment,
  review: BillingReview,
  grantsById: Map<string, Grant[]>,
  found: Found,
): void {
  const at = review.paymentId;
  if (review.paidCents !== p.amountCents)
    found('wrong', `review says paid ${review.paidCents}, provider ${p.amountCents}`, at);
  if (review.userId !== p.userId) found('wrong', `review names user ${review.userId}`, at);
  const grant = grantsById.get(`${p.userId} purchase:${at}`)?.[0];
  if (grant && grant.status === 'active') found('wrong', 'granted despite the mismatch', at);
}

type Found = (kind: Exclude<Outcome, 'ok'>, detail: string, paymentId?: string) => void;

function checkRecorded(p: ProviderPayment, b: BillingPayment, found: Found): void {
  const at = b.paymentId;
  if (b.userId !== p.userId) found('wrong', `billing records it for user ${b.userId}`, at);
  if (b.status !== expectedBillingStatus(p))
    found('wrong', `billing says ${b.status}, provider ${expectedBillingStatus(p)}`, at);
  if (b.amountCents !== p.amountCents)
    found('wrong', `billing amount ${b.amountCents}, provider ${p.amountCents}`, at);
  // Refunds are added up per event: a refund applied twice shows as more than the provider's.
  if (b.refundedCents > p.refundedCents)
    found('duplicated', `billing refunded ${b.refundedCents}, provider ${p.refundedCents}`, at);
  else if (b.refundedCents < p.refundedCents)
    found('lost', `billing refunded ${b.refundedCents}, provider ${p.refundedCents}`, at);
  if (p.purpose.kind === 'product') {
    if (b.paymentId !== p.purpose.paymentId)
      found('wrong', `billing id ${b.paymentId}, metadata ${p.purpose.paymentId}`, at);
    if (b.productId !== p.purpose.productId)
      found('wrong', `billing product ${b.productId}, provider ${p.purpose.productId}`, at);
  } else if (b.subscriptionId !== p.purpose.subscriptionId) {
    found(
      'wrong',
      `billing subscription ${b.subscriptionId}, provider ${p.purpose.subscriptionId}`,
      at,
    );
  }
}

function checkAccess(
  p: ProviderPayment,
  b: BillingPayment,
  accessById: Map<string, unknown[]>,
  grantsById: Map<string, Grant[]>,
  dashboard: DashboardView | undefined,
  found: Found,
): void {
  const at = b.paymentId;
  const history = (accessById.get(at) ?? []) as { succeeded: boolean; fullyRefunded: boolean }[];
  const line = history[0];
  if (!line) found('lost', "access's payment history lacks it", at);
  else if (!line.succeeded) found('wrong', "access's payment history says not succeeded", at);
  else if (line.fullyRefunded !== fullyRefunded(p))
    found('wrong', `access's history says fully refunded: ${line.fullyRefunded}`, at);

  // An admin's revocation takes a purchase back whatever the money did (staff's decision).
  const grant = grantsById.get(`${p.userId} purchase:${at}`)?.[0];
  const byAdmin = grant?.status === 'revoked' && grant.revokedReason === 'admin';
  if (p.purpose.kind === 'product' && !byAdmin) {
    const expected = expectedGrantStatus(p);
    if (!grant) found('lost', `no grant for ${p.purpose.productId}`, at);
    else if (grant.status !== expected)
      found('wrong', `grant is ${grant.status}, should be ${expected}`, at);
    else if (grant.scope !== p.purpose.productId)
      found('wrong', `grant covers ${grant.scope}, paid for ${p.purpose.productId}`, at);
  }

  if (dashboard) {
    const lines = dashboard.paymentIds.filter((id) => id === at).length;
    if (lines === 0) found('lost', 'the dashboard does not list it', at);
    if (lines > 1) found('duplicated', `the dashboard lists it ${lines} times`, at);
    if (
      p.purpose.kind === 'product' &&
      !byAdmin &&
      expectedGrantStatus(p) === 'active' &&
      !dashboard.purchasedProductIds.includes(p.purpose.productId)
    )
      found('lost', `the dashboard does not show ${p.purpose.productId} owned`, at);
  }
}

/** A chargeback the bank has not decided (inquiries, `warning_*`, suspend nothing). */
const CHARGEBACK_OPEN = new Set(['needs_response', 'under_review']);

/**
 * A plan's grant follows the provider's current subscription, whatever order events came in,
 * and what happened to the plan's payments: an open chargeback suspends it (restored once won,
 * prevented or closed), a lost one or a full refund with `cancel_now` ends the plan at the
 * provider (and so its access).
 */
function checkSubscriptionAccess(
  s: ProviderSubscription,
  grantsById: Map<string, Grant[]>,
  payments: readonly ProviderPayment[],
  /** The current period was paid with other money than the plan's price (listed for review). */
  unpaidEnd: boolean,
  wrong: (detail: string) => void,
): void {
  const grant = grantsById.get(`${s.userId} subscription:${s.subscriptionId}`)?.[0];
  const open = OPEN_STATUSES.has(s.status);
  const label = `subscription ${s.providerSubscriptionId} (${s.status})`;
  const lost = payments.find((p) => p.disputeStatus === 'lost');
  const cancelled = payments.find(
    (p) => fullyRefunded(p) && (p.refundPlanActions ?? []).includes('cancel_now'),
  );
  const ending = lost ?? cancelled;
  if (ending && s.status !== 'canceled') {
    wrong(
      `${label}: ${lost ? 'a lost dispute' : 'a cancel_now refund'} of ${ending.providerPaymentId}, ` +
        'yet the provider keeps the plan',
    );
  }
  const disputed = payments.find((p) => CHARGEBACK_OPEN.has(p.disputeStatus ?? ''));
  const expected = disputed ? 'suspended' : 'active';
  // A plan whose first invoice paid the wrong money was never granted: nothing to check.
  if (open && unpaidEnd && !grant) return;
  if (open && (!grant || grant.status !== expected)) {
    wrong(
      `${label}: grant is ${grant?.status ?? 'missing'}, should be ${expected}` +
        (disputed ? ` (dispute open on ${disputed.providerPaymentId})` : ''),
    );
    return;
  }
  if (open && s.currentPeriodEnd !== null) {
    const until = grant?.validUntil ? Math.floor(grant.validUntil.getTime() / 1000) : null;
    // Past due: the provider has moved to a period nobody paid for; access keeps the paid end
    // (plus a grace access decides) and must not have followed it. So with a period paid with
    // other money than the plan's price (listed for review).
    if (s.status === 'past_due' || unpaidEnd) {
      if (until === null || until >= s.currentPeriodEnd)
        wrong(
          `${label}: grant until ${until}, extended to the unpaid period ${s.currentPeriodEnd}`,
        );
    } else if (until !== s.currentPeriodEnd)
      wrong(`${label}: grant until ${until}, period ends ${s.currentPeriodEnd}`);
  }
  const ended = s.status === 'canceled' || s.status === 'incomplete_expired';
  if (ended && grant && grant.status === 'active' && s.status === 'canceled')
    wrong(`${label}: grant still active`);
  if (!open && !ended && grant?.status === 'active') wrong(`${label}: grant active`);
}

const seconds = (at: Date) => Math.round(at.getTime() / 1000);

/**
 * Every paid plan period <-> an access window. Each period an invoice paid for must have moved
 * access's window of that plan to its end (or a later paid period did, when the webhooks came
 * newest first); each window access opened must end where a paid period ends (a window with no
 * paid invoice behind it is access given for nothing: the failed renewal that extended it).
 */
function* planWindows(
  views: LedgerViews,
  counts: LedgerReport['counts'],
  reviewed: ReadonlySet<string>,
): Generator<Discrepancy> {
  const terms = views.access.terms;
  // An invoice listed for review (other money than the plan's price) pays for no period: no
  // window is owed for it, and a window ending there is access given for nothing.
  const periods = views.provider.paidPlanPeriods?.filter(
    (p) => p.providerPaymentId === undefined || !reviewed.has(p.providerPaymentId),
  );
  if (!periods || !terms) return;
  const windowsOf = groupBy(terms, (t) => `${t.userId} ${t.grantId}`);
  const paidEndsOf = groupBy(periods, (p) => `${p.userId} subscription:${p.subscriptionId}`);
  const canceled = new Set(
    views.provider.subscriptions
      .filter((s) => s.status === 'canceled')
      .map((s) => s.subscriptionId),
  );
  const grantOf = new Map(views.access.grants.map((g) => [`${g.userId} ${g.grantId}`, g]));
  for (const p of periods) {
    counts.planPeriods++;
    const key = `${p.userId} subscription:${p.subscriptionId}`;
    const ends = (windowsOf.get(key) ?? []).map((t) => seconds(t.periodEnd));
    if (ends.some((end) => end >= p.periodEnd)) continue;
    // The provider ended the plan and access closed it before hearing of this paid invoice (the
    // cancellation delivered first): no window is owed for a plan that is over.
    const grant = grantOf.get(key);
    if (canceled.has(p.subscriptionId) && (!grant || grant.status === 'revoked')) continue;
    counts.planPeriodsLost++;
    yield {
      kind: 'lost',
      userId: p.userId,
      detail:
        `plan ${p.providerSubscriptionId}: the period paid by ${p.invoiceId} (to ` +
        `${new Date(p.periodEnd * 1000).toISOString()}) opened no access window`,
    };
  }
  for (const t of terms) {
    const paid = (paidEndsOf.get(`${t.userId} ${t.grantId}`) ?? []).some(
      (p) => p.periodEnd === seconds(t.periodEnd),
    );
    if (paid) continue;
    counts.unbacked++;
    yield {
      kind: 'unbacked',
      userId: t.userId,
      detail: `access window of ${t.grantId} to ${t.periodEnd.toISOString()}: no paid invoice ends there`,
    };
  }
}

/** Records with no succeeded PaymentIntent behind them. */
function* unbacked(
  views: LedgerViews,
  subscriptions: Map<string, ProviderSubscription>,
): Generator<Discrepancy> {
  const backed = new Set(views.provider.payments.map((p) => p.providerPaymentId));
  const backedIds = new Set<string>();
  for (const b of views.billing) {
    if (b.providerPaymentId && backed.has(b.providerPaymentId)) backedIds.add(b.paymentId);
    else if (b.status !== 'pending' && b.status !== 'failed')
      yield {
        kind: 'unbacked',
        userId: b.userId,
        paymentId: b.paymentId,
        detail: `billing says ${b.status} for ${b.providerPaymentId ?? 'no provider payment'}`,
      };
  }
  for (const a of views.access.payments)
    if (a.succeeded && !backedIds.has(a.paymentId))
      yield {
        kind: 'unbacked',
        userId: a.userId,
        paymentId: a.paymentId,
        detail: "access's history shows a payment the provider did not take",
      };
  for (const g of views.access.grants) {
    if (g.status !== 'active') continue;
    const ref = g.sourceRef;
    const ok =
      g.sourceKind === 'purchase'
        ? backedIds.has(ref)
        : g.sourceKind === 'subscription'
          ? subscriptions.has(ref)
          : true; // trials and admin grants are not paid for
    if (!ok)
      yield {
        kind: 'unbacked',
        userId: g.userId,
        detail: `active grant ${g.grantId} with no provider payment behind it`,
      };
  }
}

/** The counts and every discrepancy, one per line. */
export function formatReport(report: LedgerReport): string {
  const c = report.counts;
  const lines = [
    `ledger: ${c.payments} provider payments: ${c.ok} ok, ${c.lost} lost, ${c.duplicated} duplicated, ${c.wrong} wrong; ` +
      `${c.subscriptions} plans, ${c.subscriptionsWrong} with wrong access; ` +
      `${c.planPeriods} paid plan periods, ${c.planPeriodsLost} without an access window; ` +
      `${c.planRefunds} plan refunds and ${c.planDisputes} plan disputes checked against their plans; ` +
      `${c.unbacked} unbacked records; ` +
      `${c.mismatched} mismatched (listed for review)`,
    ...report.mismatches.map(
      (m) =>
        `  mismatch   user ${m.userId} ${m.providerPaymentId} payment ${m.paymentId}: ` +
        `paid ${m.paidCents} ${m.paidCurrency}, started ${m.expectedCents} ${m.expectedCurrency}`,
    ),
    ...report.discrepancies.map(
      (d) =>
        `  ${d.kind.padEnd(10)} user ${d.userId}` +
        (d.providerPaymentId ? ` ${d.providerPaymentId}` : '') +
        (d.paymentId ? ` payment ${d.paymentId}` : '') +
        `: ${d.detail}`,
    ),
  ];
  return lines.join('\n');
}

/** True when nothing was lost, duplicated, wrong or unbacked. */
export const balanced = (report: LedgerReport): boolean => report.discrepancies.length === 0;
