import { centsToAmountString } from '@mia/catalog';
import { toolNames, type CatalogTool, type ToolNames } from '../catalog/catalog.js';
import type { Language } from '../language.js';

// What support knows of one customer's account, in the shape the chat and the console use. The
// rows come from the customer-context tables (billing's, access's and identity's events); this
// file only reads them, with the clock passed in, so every rule is tested without a database.

export interface GrantFact {
  grantId: string;
  scope: string | null;
  sourceKind: string | null;
  sourceRef: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  state: string;
  revokeReason: string | null;
  updatedAt: Date;
}

export interface PaymentFact {
  paymentId: string;
  purposeKind: string | null;
  productId: string | null;
  plan: string | null;
  amountCents: number | null;
  currency: string | null;
  description: string | null;
  paidAt: Date | null;
  failedAt: Date | null;
  failureCode: string | null;
  failureMessage: string | null;
  refundedCents: number;
  fullyRefunded: boolean;
  refundedAt: Date | null;
  disputeStatus: string | null;
  updatedAt: Date;
}

export interface SubscriptionFact {
  subscriptionId: string;
  plan: string | null;
  status: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  updatedAt: Date;
}

export interface TrialFact {
  startedAt: Date;
  endsAt: Date;
}

export interface TicketFact {
  ticketNumber: number;
  title: string;
  status: string;
  createdAt: Date;
}

export interface AccountFacts {
  name: string | null;
  grants: readonly GrantFact[];
  payments: readonly PaymentFact[];
  subscriptions: readonly SubscriptionFact[];
  trials: readonly TrialFact[];
  tickets: readonly TicketFact[];
  /** billing's catalogue as support knows it (names what the customer owns). */
  tools?: readonly CatalogTool[];
}

export type PaymentStatus = 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'disputed';

export interface PaymentLine {
  paymentId: string;
  description: string;
  amount: string | null;
  currency: string;
  status: PaymentStatus;
  at: string | null;
  failure: { code: string; message: string } | null;
}

export interface UsableTool {
  /** A product id, or `all` (subscription, trial, admin grant of everything). */
  scope: string;
  name: string;
  via: string;
  until: string | null;
}

/** Why something the customer had or paid for does not work (most important first). */
export type AccessProblem =
  | { kind: 'paid_no_access'; description: string; paidAt: string | null }
  | { kind: 'payment_failed'; description: string; code: string; message: string; at: string }
  | { kind: 'refunded'; name: string; at: string | null }
  | { kind: 'disputed'; name: string }
  | { kind: 'revoked'; name: string; reason: string }
  | { kind: 'trial_ended'; at: string }
  | { kind: 'subscription_ended'; at: string | null; reason: string | null }
  | { kind: 'subscription_expired'; at: string | null }
  | { kind: 'expired'; name: string; at: string | null }
  | { kind: 'not_purchased' };

export interface AccountSummary {
  name: string | null;
  /** all: every tool usable now; some: only some; none: nothing usable. */
  usable: 'all' | 'some' | 'none';
  tools: UsableTool[];
  problems: AccessProblem[];
  subscription: {
    plan: string | null;
    status: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    endedAt: string | null;
  } | null;
  trial: { endsAt: string; active: boolean } | null;
  payments: PaymentLine[];
  openTickets: { ticketNumber: string; title: string; status: string }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A grant's scope as people say it: a tool's name from the catalogue, or every tool. */
export const scopeName = (scope: string, language: Language, names: ToolNames = {}): string => {
  if (scope === 'all') return language === 'es' ? 'todas las herramientas' : 'every tool';
  return names[scope]?.[language] ?? scope;
};

const paymentWhat = (p: PaymentFact, language: Language, names: ToolNames): string =>
  p.description ??
  (p.productId
    ? scopeName(p.productId, language, names)
    : p.plan
      ? language === 'es'
        ? `Plan ${p.plan === 'annual' ? 'Anual' : 'Mensual'}`
        : `${p.plan === 'annual' ? 'Annual' : 'Monthly'} Plan`
      : language === 'es'
        ? 'Pago'
        : 'Payment');

export function paymentStatus(p: PaymentFact): PaymentStatus {
  if (p.disputeStatus === 'open' || p.disputeStatus === 'lost') return 'disputed';
  if (p.fullyRefunded) return 'refunded';
  if (p.refundedCents > 0) return 'partially_refunded';
  if (p.paidAt) return 'succeeded';
  return 'failed';
}

const paymentTime = (p: PaymentFact) => p.paidAt ?? p.failedAt ?? p.refundedAt ?? p.updatedAt;

const isUsable = (g: GrantFact, now: Date) =>
  g.state === 'active' &&
  g.scope !== null &&
  (!g.validFrom || g.validFrom <= now) &&
  (!g.validUntil || g.validUntil > now);

/** How long a failed payment stays worth mentioning when nothing else explains the problem. */
const RECENT_FAILURE_MS = 30 * 24 * 60 * 60 * 1000;

export function summarizeAccount(
  facts: AccountFacts,
  now: Date,
  language: Language,
): AccountSummary {
  const names = toolNames(facts.tools ?? []);
  const usableGrants = facts.grants.filter((g) => isUsable(g, now));
  const tools: UsableTool[] = usableGrants
    .map((g) => ({
      scope: g.scope!,
      name: scopeName(g.scope!, language, names),
      via: g.sourceKind ?? 'unknown',
      until: iso(g.validUntil),
    }))
    .sort((a, b) => (a.scope === 'all' ? -1 : b.scope === 'all' ? 1 : 0));
  const usable = tools.some((t) => t.scope === 'all') ? 'all' : tools.length > 0 ? 'some' : 'none';

  const payments = [...facts.payments].sort(
    (a, b) => paymentTime(b).getTime() - paymentTime(a).getTime(),
  );
  const problems = diagnose(facts, payments, usableGrants, usable, now, language, names);

  const subscription = [...facts.subscriptions].sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
  )[0];
  const trial = [...facts.trials].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];

  return {
    name: facts.name,
    usable,
    tools,
    problems,
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          endedAt: iso(subscription.endedAt),
        }
      : null,
    trial: trial ? { endsAt: trial.endsAt.toISOString(), active: trial.endsAt > now } : null,
    payments: payments.slice(0, 5).map((p) => ({
      paymentId: p.paymentId,
      description: paymentWhat(p, language, names),
      amount: p.amountCents === null ? null : centsToAmountString(p.amountCents),
      currency: (p.currency ?? 'usd').toUpperCase(),
      status: paymentStatus(p),
      at: iso(paymentTime(p)),
      failure:
        p.failedAt && !p.paidAt
          ? { code: p.failureCode ?? 'unknown', message: p.failureMessage ?? '' }
          : null,
    })),
    openTickets: facts.tickets
      .filter((t) => t.status !== 'closed' && t.status !== 'resolved')
      .map((t) => ({ ticketNumber: String(t.ticketNumber), title: t.title, status: t.status })),
  };
}

function diagnose(
  facts: AccountFacts,
  payments: readonly PaymentFact[],
  usableGrants: readonly GrantFact[],
  usable: AccountSummary['usable'],
  now: Date,
  language: Language,
  names: ToolNames,
): AccessProblem[] {
  const problems: { problem: AccessProblem; at: number }[] = [];
  const covered = (productId: string | null) =>
    usableGrants.some((g) => g.scope === 'all' || (productId !== null && g.scope === productId));
  const grantFor = (paymentId: string) => facts.grants.find((g) => g.sourceRef === paymentId);

  // Paid and still nothing to show for it: the one case that is always urgent.
  const paidNoAccess: AccessProblem[] = [];
  for (const p of payments) {
    if (paymentStatus(p) !== 'succeeded' || !p.paidAt) continue;
    if (p.purposeKind === 'product' && !covered(p.productId) && !grantFor(p.paymentId)) {
      paidNoAccess.push({
        kind: 'paid_no_access',
        description: paymentWhat(p, language, names),
        paidAt: iso(p.paidAt),
      });
    }
    if (p.purposeKind === 'subscription' && usable !== 'all') {
      const ended = facts.subscriptions.some((s) => s.endedAt !== null);
      if (!ended && !facts.grants.some((g) => g.sourceKind === 'subscription')) {
        paidNoAccess.push({
          kind: 'paid_no_access',
          description: paymentWhat(p, language, names),
          paidAt: iso(p.paidAt),
        });
      }
    }
  }

  for (const g of facts.grants) {
    if (isUsable(g, now)) continue;
    const name = scopeName(g.scope ?? 'all', language, names);
    const at = (g.validUntil && g.validUntil <= now ? g.validUntil : g.updatedAt).getTime();
    if (g.state === 'revoked') {
      if (g.revokeReason === 'refund') {
        const refundedAt = payments.find((p) => p.paymentId === g.sourceRef)?.refundedAt ?? null;
        problems.push({ problem: { kind: 'refunded', name, at: iso(refundedAt) }, at });
      } else if (g.revokeReason === 'dispute') {
        problems.push({ problem: { kind: 'disputed', name }, at });
      } else if (g.revokeReason === 'subscription_ended') {
        const sub = facts.subscriptions.find((s) => s.subscriptionId === g.sourceRef);
        problems.push({
          problem: {
            kind: 'subscription_ended',
            at: iso(sub?.endedAt ?? null),
            reason: sub?.endReason ?? null,
          },
          at,
        });
      } else {
        problems.push({
          problem: { kind: 'revoked', name, reason: g.revokeReason ?? 'admin' },
          at,
        });
      }
    } else if (g.state === 'suspended') {
      problems.push({ problem: { kind: 'disputed', name }, at });
    } else if (g.validUntil && g.validUntil <= now) {
      const until = g.validUntil.toISOString();
      if (g.sourceKind === 'trial')
        problems.push({ problem: { kind: 'trial_ended', at: until }, at });
      else if (g.sourceKind === 'subscription') {
        const sub = facts.subscriptions.find((s) => s.subscriptionId === g.sourceRef);
        problems.push({
          problem: sub?.endedAt
            ? { kind: 'subscription_ended', at: iso(sub.endedAt), reason: sub.endReason }
            : { kind: 'subscription_expired', at: until },
          at,
        });
      } else problems.push({ problem: { kind: 'expired', name, at: until }, at });
    }
  }

  // A trial known from billing whose grant never reached support still explains itself.
  for (const t of facts.trials) {
    if (t.endsAt <= now && !problems.some((p) => p.problem.kind === 'trial_ended')) {
      problems.push({
        problem: { kind: 'trial_ended', at: t.endsAt.toISOString() },
        at: t.endsAt.getTime(),
      });
    }
  }

  for (const p of payments) {
    if (paymentStatus(p) !== 'failed' || !p.failedAt) continue;
    if (now.getTime() - p.failedAt.getTime() > RECENT_FAILURE_MS) continue;
    const laterSuccess = payments.some(
      (q) =>
        q.paidAt &&
        q.paidAt > p.failedAt! &&
        q.purposeKind === p.purposeKind &&
        q.productId === p.productId &&
        q.plan === p.plan,
    );
    if (laterSuccess || covered(p.productId)) continue;
    problems.push({
      problem: {
        kind: 'payment_failed',
        description: paymentWhat(p, language, names),
        code: p.failureCode ?? 'unknown',
        message: p.failureMessage ?? '',
        at: p.failedAt.toISOString(),
      },
      at: p.failedAt.getTime(),
    });
  }

  const ordered = [...paidNoAccess, ...problems.sort((a, b) => b.at - a.at).map((p) => p.problem)];
  if (ordered.length === 0 && usable === 'none') ordered.push({ kind: 'not_purchased' });
  return ordered;
}
