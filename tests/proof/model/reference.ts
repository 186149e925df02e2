// The reference model of "who may use which tool when": a plain, pure function over one
// customer's timeline at the provider (what was asked, when, and with which card), written from
// the rules in COMMERCE.md and issue 20, not from the services' code. The model-based test
// (model.ts) drives the real services through the sandbox with the same steps and compares their
// dashboard with `usableAt` after each one.
//
// The provider's calendar and dunning are taken as given (they are Stripe's, and the sandbox's):
// a period ends `interval` calendar months after its anchor (the anchor's day, clamped to the
// month's end), a failed renewal is retried DUNNING_RETRY_DAYS after it failed and the plan ends
// after the last retry. Everything else (what a failed renewal, a card update, a plan change, a
// cancellation or an admin grant does to access) is the model's own rule.

export type PlanType = 'monthly' | 'annual';
/**
 * `pays`: 4242 4242 4242 4242; `fails`: 4000 0000 0000 0341 (attaches, every charge fails);
 * `disputes`: 0259 (pays, then the bank disputes each charge); `inquiry`: 1976 (pays, then the
 * bank opens an inquiry on each charge).
 */
export type Card = 'pays' | 'fails' | 'disputes' | 'inquiry';
export type RefundMode = 'cancel_now' | 'keep' | 'partial';
export type DisputeOutcome = 'won' | 'lost' | 'warning_closed' | 'prevented';
/** A partial refund's amount. */
export const PARTIAL_REFUND_CENTS = 100;

export const PLAN_PRICE_CENTS: Record<PlanType, number> = { monthly: 2000, annual: 6500 };
export const GRACE_DAYS = 3;
export const TRIAL_DAYS = 3;
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;
export const DAY_MS = 86_400_000;

export type Step =
  | { kind: 'subscribe'; plan: PlanType; card?: Card }
  | { kind: 'refund'; mode: RefundMode }
  | { kind: 'close-dispute'; outcome: DisputeOutcome }
  | { kind: 'card'; card: Card }
  | { kind: 'change'; plan: PlanType }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | { kind: 'trial' }
  | { kind: 'buy'; productId: string }
  | { kind: 'grant'; productId: string; days: number | null }
  | { kind: 'revoke'; productId: string }
  | { kind: 'advance'; days: number };

/** A step as it happened: at which provider time (ms) it was made. */
export interface TimedStep {
  step: Step;
  at: number;
}

/** The answer each request should get (`advance` has none). */
export type Answer = 200 | 402 | 404 | 409;

interface Plan {
  type: PlanType;
  /** The provider's current period: [start, end). */
  anchor: number;
  periodStart: number;
  periodEnd: number;
  /** The end of the last period an invoice paid for. */
  paidUntil: number;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  /** When the open renewal failed first (dunning counts from it). */
  failedAt: number | null;
  retries: number;
  endedAt: number | null;
  /** Disputes open on this plan's payments: chargebacks suspend it, inquiries do not. */
  chargebacks: number;
  inquiries: number;
  /** What the open (failed) renewal invoice still asks of a card, after the credit it used. */
  dueCents: number;
}

/** A charge the provider took (an invoice with an amount). */
export interface ModelPayment {
  /** A plan's invoice, or a tool bought at the checkout. */
  kind: 'plan' | 'tool';
  amountCents: number;
  refundedCents: number;
  card: Card;
}

interface AdminGrant {
  until: number | null;
}

export interface CustomerModel {
  card: Card;
  plan: Plan | null;
  grants: Map<string, AdminGrant>;
  /** The free trial's end, once one was started (one per account). */
  trialUntil: number | null;
  payments: ModelPayment[];
  /** Tools bought (for life) and not taken back. */
  owned: Set<string>;
  /**
   * The customer's credit at the provider (Stripe's customer balance): a plan change's unused
   * time beyond what the new plan costs. Every later invoice uses it before the card.
   */
  creditCents: number;
}

export const emptyCustomer = (): CustomerModel => ({
  card: 'pays',
  plan: null,
  grants: new Map(),
  trialUntil: null,
  payments: [],
  owned: new Set(),
  creditCents: 0,
});

/** An invoice of `amountCents` uses the customer's credit first; answers what a card must pay. */
function dueAfterCredit(model: CustomerModel, amountCents: number): number {
  const used = Math.min(model.creditCents, amountCents);
  model.creditCents -= used;
  return amountCents - used;
}

/** A charge with the card on file: recorded, and disputed after if the card is one that is. */
function charge(model: CustomerModel, plan: Plan, amountCents: number): void {
  if (amountCents <= 0) return;
  model.payments.push({ kind: 'plan', amountCents, refundedCents: 0, card: model.card });
  if (model.card === 'disputes') plan.chargebacks += 1;
  if (model.card === 'inquiry') plan.inquiries += 1;
}

const paying = (card: Card) => card !== 'fails';

/** The end of `count` intervals after `anchor` (ms): Stripe's calendar months. */
export function addIntervals(anchor: number, type: PlanType, count: number): number {
  const months = type === 'annual' ? count * 12 : count;
  const date = new Date(anchor);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

const live = (plan: Plan | null): plan is Plan => plan !== null && plan.status !== 'canceled';

/** What happens at the provider by itself up to `t`: renewals, retries, ends. Mutates. */
function runProviderUntil(model: CustomerModel, t: number): void {
  for (;;) {
    const plan = model.plan;
    if (!live(plan)) return;
    const retryDay =
      plan.failedAt === null ? undefined : (DUNNING_RETRY_DAYS[plan.retries] ?? undefined);
    const nextRetry =
      plan.status === 'past_due' && plan.failedAt !== null && retryDay !== undefined
        ? plan.failedAt + retryDay * DAY_MS
        : null;
    const renewal = plan.status === 'active' ? plan.periodEnd : null;
    const next = Math.min(nextRetry ?? Infinity, renewal ?? Infinity);
    if (next > t) return;
    if (next === renewal) {
      if (plan.cancelAtPeriodEnd) {
        plan.status = 'canceled';
        plan.endedAt = renewal;
        continue;
      }
      plan.periodStart = renewal;
      plan.periodEnd = addIntervals(plan.anchor, plan.type, intervalsTo(plan, renewal) + 1);
      // The renewal invoice takes the credit first: covered by it, it is paid whatever the card.
      const due = dueAfterCredit(model, PLAN_PRICE_CENTS[plan.type]);
      if (due === 0 || paying(model.card)) {
        plan.paidUntil = plan.periodEnd;
        charge(model, plan, due);
      } else {
        plan.status = 'past_due';
        plan.failedAt = renewal;
        plan.retries = 0;
        plan.dueCents = due;
      }
      continue;
    }
    // A retry with the card on file: it fails (a card that pays was used the moment it was
    // saved); after the last one the provider ends the plan.
    plan.retries += 1;
    if (plan.retries >= DUNNING_RETRY_DAYS.length) {
      plan.status = 'canceled';
      plan.endedAt = next;
    }
  }
}

/** How many whole intervals from the anchor to `at`. */
function intervalsTo(plan: Plan, at: number): number {
  let n = 0;
  while (addIntervals(plan.anchor, plan.type, n + 1) <= at) n++;
  return n;
}

/** A new period starting now, paid (a subscription's first invoice, a plan change). */
function newPeriod(type: PlanType, at: number): Plan {
  const end = addIntervals(at, type, 1);
  return {
    type,
    anchor: at,
    periodStart: at,
    periodEnd: end,
    paidUntil: end,
    status: 'active',
    cancelAtPeriodEnd: false,
    failedAt: null,
    retries: 0,
    endedAt: null,
    chargebacks: 0,
    inquiries: 0,
    dueCents: 0,
  };
}

/** Applies one step at its time; returns the answer the request should get. Mutates. */
export function applyStep(model: CustomerModel, { step, at }: TimedStep): Answer | null {
  runProviderUntil(model, at);
  const plan = model.plan;
  switch (step.kind) {
    case 'advance':
      runProviderUntil(model, at + step.days * DAY_MS);
      return null;
    case 'subscribe':
      // One personal plan at a time; the checkout's card (4242) pays the first invoice.
      if (live(plan)) return 409;
      model.plan = newPeriod(step.plan, at);
      {
        const due = dueAfterCredit(model, PLAN_PRICE_CENTS[step.plan]);
        // Covered by the credit, the checkout takes no card: the plan has none to renew with.
        model.card = due === 0 ? 'fails' : (step.card ?? 'pays');
        charge(model, model.plan, due);
      }
      return 200;
    case 'card':
      model.card = step.card;
      // A plan that owes its renewal is paid with the new card at once, or the decline shown.
      if (live(plan) && plan.status === 'past_due') {
        if (step.card === 'fails') return 402;
        plan.status = 'active';
        plan.paidUntil = plan.periodEnd;
        plan.failedAt = null;
        plan.retries = 0;
        charge(model, plan, plan.dueCents);
        plan.dueCents = 0;
      }
      return 200;
    case 'change': {
      if (!live(plan)) return 404;
      if (plan.status === 'past_due') return 409;
      if (plan.type === step.plan) return 200;
      // Unused time is credited; what is left to pay must be paid before the change applies.
      const remaining = Math.max(0, plan.periodEnd - at) / (plan.periodEnd - plan.periodStart);
      const owed =
        PLAN_PRICE_CENTS[step.plan] - Math.round(PLAN_PRICE_CENTS[plan.type] * remaining);
      // A credit beyond the new plan's price stays with the customer; a debt uses the credit
      // first. A declined card leaves everything as it was (the provider voids the invoice).
      const due = Math.max(0, owed - model.creditCents);
      if (due > 0 && model.card === 'fails') return 402;
      model.creditCents = Math.max(0, model.creditCents - owed);
      // Disputes stay with the subscription (its payments), whatever its price now.
      model.plan = {
        ...newPeriod(step.plan, at),
        chargebacks: plan.chargebacks,
        inquiries: plan.inquiries,
      };
      charge(model, model.plan, due);
      return 200;
    }
    case 'cancel':
      if (!live(plan)) return 404;
      plan.cancelAtPeriodEnd = true;
      return 200;
    case 'resume':
      if (!live(plan)) return 404;
      plan.cancelAtPeriodEnd = false;
      return 200;
    case 'refund': {
      // Staff refund the newest payment: in full ending the plan now or keeping it, or in part
      // (which always keeps it).
      const payment = model.payments.at(-1);
      if (!payment) return 404;
      const left = payment.amountCents - payment.refundedCents;
      if (left <= 0) return 409;
      payment.refundedCents += step.mode === 'partial' ? PARTIAL_REFUND_CENTS : left;
      if (step.mode === 'cancel_now' && live(plan)) {
        plan.status = 'canceled';
        plan.endedAt = at;
      }
      return 200;
    }
    case 'close-dispute': {
      // The bank's verdict on one open dispute of the plan: lost ends the plan at once.
      if (!plan) return 404;
      if (plan.chargebacks > 0) plan.chargebacks -= 1;
      else if (plan.inquiries > 0) plan.inquiries -= 1;
      else return 404;
      if (step.outcome === 'lost' && live(plan)) {
        plan.status = 'canceled';
        plan.endedAt = at;
      }
      return 200;
    }
    case 'trial':
      // Every tool for TRIAL_DAYS, once per account (the address verified first).
      if (model.trialUntil !== null) return 409;
      model.trialUntil = at + TRIAL_DAYS * DAY_MS;
      return 200;
    case 'grant': {
      const until = step.days === null ? null : at + step.days * DAY_MS;
      const known = model.grants.get(step.productId);
      // A grant again for the same tool keeps the longer one.
      const longer = !known || until === null || (known.until !== null && until > known.until);
      if (longer) model.grants.set(step.productId, { until });
      return 200;
    }
    case 'revoke':
      // An admin takes back their grants and the purchases of that tool; billing then lets the
      // customer buy it again.
      model.grants.delete(step.productId);
      model.owned.delete(step.productId);
      return 200;
    case 'buy':
      // A tool is bought once for life (card 4242 at the checkout).
      if (model.owned.has(step.productId)) return 409;
      model.owned.add(step.productId);
      model.payments.push({ kind: 'tool', amountCents: 999, refundedCents: 0, card: 'pays' });
      return 200;
  }
}

/** Whether the plan gives every tool at `t` (the model already run up to `t`). */
function planOpenAt(plan: Plan | null, t: number): boolean {
  if (plan === null) return false;
  // A chargeback open on any of its payments suspends the plan until the bank decides.
  if (plan.chargebacks > 0) return false;
  if (plan.status === 'canceled') return t < Math.min(plan.paidUntil, plan.endedAt ?? Infinity);
  if (t < plan.paidUntil) return true;
  // A failed renewal: the failed period starts at the paid end; a grace window from there.
  return plan.status === 'past_due' && t < plan.paidUntil + GRACE_DAYS * DAY_MS;
}

/** The tools usable at `t` after `steps` (each at its own time, `t` not before the last). */
export function usableAt(
  steps: readonly TimedStep[],
  t: number,
  catalogue: readonly string[],
): Set<string> {
  const model = emptyCustomer();
  for (const step of steps) applyStep(model, step);
  runProviderUntil(model, t);
  if (planOpenAt(model.plan, t)) return new Set(catalogue);
  if (model.trialUntil !== null && t < model.trialUntil) return new Set(catalogue);
  const usable = new Set<string>(model.owned);
  for (const [productId, grant] of model.grants) {
    if (grant.until === null || t < grant.until) usable.add(productId);
  }
  return usable;
}

/** The answers the requests of `steps` should get, in order (null for clock moves). */
export function answersOf(steps: readonly TimedStep[]): (Answer | null)[] {
  const model = emptyCustomer();
  return steps.map((step) => applyStep(model, step));
}
