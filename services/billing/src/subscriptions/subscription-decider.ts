import { planName } from '@mia/catalog';
import type {
  PlanType,
  SubscriptionActivatedV1Data,
  SubscriptionChangedV1Data,
  SubscriptionEndedV1Data,
  SubscriptionRenewedV1Data,
  SubscriptionStatus,
  TeamPlan,
} from '@mia/contracts';
import { DomainError, type Decider } from '@mia/service-kit';
import {
  expectedPlanCharge,
  isPlanChargeMismatched,
  type PlanInvoiceCharge,
} from './plan-invoice-terms.js';
import {
  readSubscriptionEvent,
  versionOfSubscriptionEvent,
  type SubscriptionEvent,
} from './subscription-events.js';

/** The subscription as the provider reports it now (re-read, never taken from a webhook body). */
export interface ProviderSubscriptionView {
  plan: PlanType;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  endedAt: string | null;
  endReason: SubscriptionEndedV1Data['reason'];
  /** When the current period started (absent: unknown, never taken as stale). */
  currentPeriodStart?: string;
  /** The item's quantity: a team plan's paid seats (absent: not read, nothing to compare). */
  quantity?: number;
}

/** Statuses in which a plan owes money: it is not changed until the card is updated. */
const OWING: readonly SubscriptionStatus[] = ['past_due', 'unpaid', 'incomplete'];
export const PLAN_PAST_DUE = 'Actualiza tu tarjeta primero.';
export const NO_TEAM_PLAN = 'Ese equipo no tiene un plan activo.';
export const SEATS_IN_USE =
  'No puedes bajar de los asientos ocupados: retira antes miembros o invitaciones.';

export type SubscriptionCommand =
  /** `team`: a church's plan bought by `userId`, its owner (ADR 0020); absent: a personal plan. */
  | {
      kind: 'open';
      subscriptionId: string;
      userId: string;
      plan: PlanType;
      team?: TeamPlan | null;
    }
  | { kind: 'link-provider'; subscriptionId: string; providerSubscriptionId: string }
  | {
      kind: 'invoice-paid';
      subscriptionId: string;
      userId: string;
      invoiceId: string;
      /** The invoice that created the subscription (billing_reason subscription_create). */
      firstInvoice: boolean;
      provider: ProviderSubscriptionView;
      /** What the invoice collected and what the plan's price asks (absent: not checked). */
      charge?: PlanInvoiceCharge;
    }
  | {
      kind: 'sync';
      subscriptionId: string;
      userId: string;
      provider: ProviderSubscriptionView;
    }
  /** Checks a plan change against the provider's current subscription before asking for it. */
  | { kind: 'request-plan-change'; planType: PlanType; provider: ProviderSubscriptionView }
  /**
   * Checks a team plan's change (its seats, or cancelling at period end) against the provider's
   * current subscription and the seats access reports taken, before asking for it.
   */
  | {
      kind: 'request-team-change';
      seats?: number;
      cancelAtPeriodEnd?: boolean;
      seatsTaken: number;
      provider: ProviderSubscriptionView;
    }
  /** The provider could not charge the change (`pending_if_incomplete` left it pending). */
  | {
      kind: 'decline-plan-change';
      subscriptionId: string;
      userId: string;
      planType: PlanType;
      message: string;
    };

interface Terms {
  plan: PlanType;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
}

export interface SubscriptionState {
  userId: string | null;
  plan: PlanType | null;
  /** The church's plan this is, with its paid seats now (null: the buyer's own plan). */
  team: TeamPlan | null;
  providerSubscriptionId: string | null;
  activated: boolean;
  ended: boolean;
  paidInvoices: string[];
  /** What the last Activated/Renewed/Changed said. */
  current: Terms | null;
  /** The newest period start the provider reported (null: none known). */
  periodStart: string | null;
  /** The first invoice paid the wrong money: the provider's `active` does not activate it. */
  heldForReview: boolean;
}

const TERMINAL: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
/** Statuses the provider reaches only after the first invoice was paid. */
const PAID_BEFORE: readonly SubscriptionStatus[] = ['active', 'past_due', 'unpaid'];

const sameTime = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** An announcement as the decider means it: v2's facts without `team`, which `announced` adds. */
type Announcement =
  | { type: 'SubscriptionActivated'; data: SubscriptionActivatedV1Data }
  | { type: 'SubscriptionRenewed'; data: SubscriptionRenewedV1Data }
  | { type: 'SubscriptionChanged'; data: SubscriptionChangedV1Data }
  | { type: 'SubscriptionEnded'; data: SubscriptionEndedV1Data };

/**
 * Every announcement is v2 with the plan's `team` (ADR 0020). No v1 twin: every consumer reads
 * v2 (subscription-versions.unit.test.ts), and v1 cannot say that a team's plan opens nothing
 * to its buyer.
 */
function announced(team: TeamPlan | null, announcement: Announcement): SubscriptionEvent[] {
  return [{ type: announcement.type, data: { ...announcement.data, team } } as SubscriptionEvent];
}

/** The team with the seats the provider bills now (its quantity), when that is known. */
function teamAsBilled(state: SubscriptionState, view: ProviderSubscriptionView): TeamPlan | null {
  if (!state.team || view.quantity === undefined) return state.team;
  return { ...state.team, seats: view.quantity };
}

function sameTerms(a: Terms, b: Terms): boolean {
  return (
    a.plan === b.plan &&
    a.status === b.status &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    sameTime(a.currentPeriodEnd, b.currentPeriodEnd)
  );
}

/** A report read before a newer one: its period started before the newest known start. */
function isStale(state: SubscriptionState, view: ProviderSubscriptionView): boolean {
  return (
    view.currentPeriodStart !== undefined &&
    state.periodStart !== null &&
    Date.parse(view.currentPeriodStart) < Date.parse(state.periodStart)
  );
}

/** Remembers a newer period start, so older reports can be told apart later. */
function periodNoted(
  state: SubscriptionState,
  subscriptionId: string,
  view: ProviderSubscriptionView,
): SubscriptionEvent[] {
  const start = view.currentPeriodStart;
  if (start === undefined) return [];
  if (state.periodStart !== null && Date.parse(start) <= Date.parse(state.periodStart)) return [];
  return [{ type: 'SubscriptionPeriodNoted', data: { subscriptionId, currentPeriodStart: start } }];
}

/** A v2 announcement says the team (and its seats) now; a v1 twin leaves it as it was. */
const teamOf = (state: SubscriptionState, event: SubscriptionEvent): TeamPlan | null =>
  'team' in (event.data as object)
    ? ((event.data as { team: TeamPlan | null }).team ?? null)
    : state.team;

/**
 * A change's invoice of prorations only (a team's added seats, `always_invoice`) pays for the
 * rest of the current period, not a new one: it renews nothing. A plan change's invoice also
 * charges the new period (a non-proration line) and renews to it.
 */
const isProrationOnly = (command: { charge?: PlanInvoiceCharge }): boolean =>
  command.charge?.billingReason === 'subscription_update' && command.charge.prorationOnly === true;

const evolveAll = (state: SubscriptionState, events: readonly SubscriptionEvent[]) =>
  events.reduce((s, e) => subscriptionDecider.evolve(s, e), state);

/** Events that bring our record to the provider's current state. */
function converge(
  state: SubscriptionState,
  subscriptionId: string,
  userId: string,
  view: ProviderSubscriptionView,
  now: Date,
): SubscriptionEvent[] {
  if (state.ended) return [];
  if (TERMINAL.includes(view.status)) {
    return announced(state.team, {
      type: 'SubscriptionEnded',
      data: {
        subscriptionId,
        userId,
        endedAt: view.endedAt ?? now.toISOString(),
        reason: view.endReason,
      },
    });
  }
  // Read before a report already applied (a late webhook's re-read lost the race): what it
  // says is older than what is known, so it must not move the period (or the plan) back.
  if (isStale(state, view)) return [];
  const events: SubscriptionEvent[] = [...periodNoted(state, subscriptionId, view)];
  let current = state.current;
  if (!state.activated) {
    // The provider only runs a subscription whose first invoice was paid; its invoice.paid may
    // simply not have arrived yet.
    // A first invoice that paid the wrong money is with staff: `active` there is not paid here.
    if (!PAID_BEFORE.includes(view.status) || state.heldForReview) return [];
    events.push(
      ...announced(state.team, {
        type: 'SubscriptionActivated',
        data: { subscriptionId, userId, plan: view.plan, currentPeriodEnd: view.currentPeriodEnd },
      }),
    );
    current = evolveAll(state, events).current;
  }
  const wanted: Terms = {
    plan: view.plan,
    status: view.status,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    currentPeriodEnd: view.currentPeriodEnd,
  };
  // A team's seats are part of its terms: a quantity changed at the provider is announced.
  const team = teamAsBilled(state, view);
  const seatsMoved = team !== null && state.team !== null && team.seats !== state.team.seats;
  if (current && (!sameTerms(current, wanted) || seatsMoved)) {
    events.push(
      ...announced(team, {
        type: 'SubscriptionChanged',
        data: { subscriptionId, userId, ...wanted },
      }),
    );
  }
  return events;
}

/**
 * A subscription's life as the provider reports it, whatever order its webhooks arrive in:
 * activated by its first paid invoice, renewed once per later paid invoice, changed when its
 * terms move, ended once. Each report carries the provider's current state, re-read when it
 * arrived, so late or repeated webhooks converge on what the provider holds now.
 */
export const subscriptionDecider: Decider<
  SubscriptionCommand,
  SubscriptionState,
  SubscriptionEvent
> = {
  name: 'billing-subscription',
  initialState: () => ({
    userId: null,
    plan: null,
    team: null,
    providerSubscriptionId: null,
    activated: false,
    ended: false,
    paidInvoices: [],
    current: null,
    periodStart: null,
    heldForReview: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionOpened':
        return {
          ...state,
          userId: event.data.userId,
          plan: event.data.plan,
          team: event.data.team ?? null,
        };
      case 'SubscriptionProviderLinked':
        return { ...state, providerSubscriptionId: event.data.providerSubscriptionId };
      case 'SubscriptionInvoicePaid':
        return { ...state, paidInvoices: [...state.paidInvoices, event.data.invoiceId] };
      case 'SubscriptionActivated':
        return {
          ...state,
          userId: event.data.userId,
          plan: event.data.plan,
          team: teamOf(state, event),
          activated: true,
          current: {
            plan: event.data.plan,
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: event.data.currentPeriodEnd,
          },
        };
      case 'SubscriptionRenewed':
        return {
          ...state,
          plan: event.data.plan,
          team: teamOf(state, event),
          current: state.current && {
            ...state.current,
            plan: event.data.plan,
            currentPeriodEnd: event.data.currentPeriodEnd,
          },
        };
      case 'SubscriptionChanged': {
        const { plan, status, cancelAtPeriodEnd, currentPeriodEnd } = event.data;
        return {
          ...state,
          plan,
          team: teamOf(state, event),
          current: { plan, status, cancelAtPeriodEnd, currentPeriodEnd },
        };
      }
      case 'SubscriptionEnded':
        return {
          ...state,
          team: teamOf(state, event),
          ended: true,
          current: state.current && { ...state.current, status: 'canceled' },
        };
      case 'SubscriptionPeriodNoted':
        return { ...state, periodStart: event.data.currentPeriodStart };
      case 'SubscriptionChangeDeclined':
        return state;
      case 'SubscriptionInvoiceMismatched':
        return {
          ...state,
          paidInvoices: [...state.paidInvoices, event.data.invoiceId],
          heldForReview: state.heldForReview || !state.activated,
        };
    }
  },
  decide(command, state, { now }) {
    switch (command.kind) {
      case 'open':
        if (state.userId !== null) return [];
        return [
          {
            type: 'SubscriptionOpened',
            data: {
              subscriptionId: command.subscriptionId,
              userId: command.userId,
              plan: command.plan,
              team: command.team ?? null,
            },
          },
        ];
      case 'link-provider':
        if (state.providerSubscriptionId !== null) return [];
        return [
          {
            type: 'SubscriptionProviderLinked',
            data: {
              subscriptionId: command.subscriptionId,
              providerSubscriptionId: command.providerSubscriptionId,
            },
          },
        ];
      case 'invoice-paid': {
        const { subscriptionId, userId, provider } = command;
        // Money taken after the end (a late webhook) never extends an ended subscription.
        if (state.ended) return [];
        if (state.paidInvoices.includes(command.invoiceId)) {
          return converge(state, subscriptionId, userId, provider, now);
        }
        // Other money than the plan's price pays for no period: no activation, no renewal.
        if (command.charge && isPlanChargeMismatched(command.charge)) {
          const expected = expectedPlanCharge(command.charge)!;
          const events: SubscriptionEvent[] = [
            {
              type: 'SubscriptionInvoiceMismatched',
              data: {
                subscriptionId,
                userId,
                invoiceId: command.invoiceId,
                expectedCents: expected.amountCents,
                paidCents: command.charge.paidCents,
                currency: command.charge.paidCurrency,
              },
            },
          ];
          return [
            ...events,
            ...converge(evolveAll(state, events), subscriptionId, userId, provider, now),
          ];
        }
        const events: SubscriptionEvent[] = [
          {
            type: 'SubscriptionInvoicePaid',
            data: { subscriptionId, invoiceId: command.invoiceId },
          },
        ];
        // A stale re-read never pays for less than is known: the newer terms stand.
        const terms =
          isStale(state, provider) && state.current
            ? { plan: state.current.plan, currentPeriodEnd: state.current.currentPeriodEnd }
            : { plan: provider.plan, currentPeriodEnd: provider.currentPeriodEnd };
        if (!state.activated) {
          events.push(
            ...announced(state.team, {
              type: 'SubscriptionActivated',
              data: { subscriptionId, userId, ...terms },
            }),
          );
        } else if (!command.firstInvoice && !isProrationOnly(command)) {
          events.push(
            ...announced(state.team, {
              type: 'SubscriptionRenewed',
              data: { subscriptionId, userId, ...terms },
            }),
          );
        }
        const after = evolveAll(state, events);
        return [...events, ...converge(after, subscriptionId, userId, provider, now)];
      }
      case 'sync':
        return converge(state, command.subscriptionId, command.userId, command.provider, now);
      case 'request-plan-change': {
        const { provider, planType } = command;
        if (!state.activated || state.ended || TERMINAL.includes(provider.status)) {
          throw new DomainError(
            'not_found',
            'no_subscription',
            'No tienes una suscripción activa.',
          );
        }
        // A plan that owes an invoice is not changed: the new plan would start unpaid.
        if (OWING.includes(provider.status)) {
          throw new DomainError('conflict', 'plan_past_due', PLAN_PAST_DUE);
        }
        if (provider.plan === planType) {
          throw new DomainError('conflict', 'same_plan', `Ya tienes el ${planName(planType)}.`);
        }
        return [];
      }
      case 'request-team-change': {
        const { provider, seats } = command;
        if (!state.team || !state.activated || state.ended || TERMINAL.includes(provider.status)) {
          throw new DomainError('not_found', 'no_team_plan', NO_TEAM_PLAN);
        }
        if (seats !== undefined && seats < command.seatsTaken) {
          throw new DomainError('conflict', 'seats_in_use', SEATS_IN_USE, {
            seatsTaken: command.seatsTaken,
          });
        }
        // Added seats are invoiced at once: not while the plan owes an invoice already.
        if (seats !== undefined && seats !== state.team.seats && OWING.includes(provider.status)) {
          throw new DomainError('conflict', 'plan_past_due', PLAN_PAST_DUE);
        }
        return [];
      }
      case 'decline-plan-change':
        return [
          {
            type: 'SubscriptionChangeDeclined',
            data: {
              subscriptionId: command.subscriptionId,
              userId: command.userId,
              plan: command.planType,
              message: command.message,
            },
          },
        ];
    }
  },
  read: readSubscriptionEvent,
  versionOf: versionOfSubscriptionEvent,
};
