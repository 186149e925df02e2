import { planName } from '@mia/catalog';
import type { PlanType, SubscriptionEndedV1Data, SubscriptionStatus } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import {
  expectedPlanCharge,
  isPlanChargeMismatched,
  type PlanInvoiceCharge,
} from './plan-invoice-terms.js';
import { subscriptionEventDefinitions, type SubscriptionEvent } from './subscription-events.js';

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
}

/** Statuses in which a plan owes money: it is not changed until the card is updated. */
const OWING: readonly SubscriptionStatus[] = ['past_due', 'unpaid', 'incomplete'];
export const PLAN_PAST_DUE = 'Actualiza tu tarjeta primero.';

export type SubscriptionCommand =
  | { kind: 'open'; subscriptionId: string; userId: string; plan: PlanType }
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
    return [
      {
        type: 'SubscriptionEnded',
        data: {
          subscriptionId,
          userId,
          endedAt: view.endedAt ?? now.toISOString(),
          reason: view.endReason,
        },
      },
    ];
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
    events.push({
      type: 'SubscriptionActivated',
      data: { subscriptionId, userId, plan: view.plan, currentPeriodEnd: view.currentPeriodEnd },
    });
    current = evolveAll(state, events).current;
  }
  const wanted: Terms = {
    plan: view.plan,
    status: view.status,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    currentPeriodEnd: view.currentPeriodEnd,
  };
  if (current && !sameTerms(current, wanted)) {
    events.push({ type: 'SubscriptionChanged', data: { subscriptionId, userId, ...wanted } });
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
        return { ...state, userId: event.data.userId, plan: event.data.plan };
      case 'SubscriptionProviderLinked':
        return { ...state, providerSubscriptionId: event.data.providerSubscriptionId };
      case 'SubscriptionInvoicePaid':
        return { ...state, paidInvoices: [...state.paidInvoices, event.data.invoiceId] };
      case 'SubscriptionActivated':
        return {
          ...state,
          userId: event.data.userId,
          plan: event.data.plan,
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
          current: state.current && {
            ...state.current,
            plan: event.data.plan,
            currentPeriodEnd: event.data.currentPeriodEnd,
          },
        };
      case 'SubscriptionChanged': {
        const { plan, status, cancelAtPeriodEnd, currentPeriodEnd } = event.data;
        return { ...state, plan, current: { plan, status, cancelAtPeriodEnd, currentPeriodEnd } };
      }
      case 'SubscriptionEnded':
        return {
          ...state,
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
          events.push({
            type: 'SubscriptionActivated',
            data: { subscriptionId, userId, ...terms },
          });
        } else if (!command.firstInvoice) {
          events.push({ type: 'SubscriptionRenewed', data: { subscriptionId, userId, ...terms } });
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
  read: readerOf<SubscriptionEvent>(subscriptionEventDefinitions),
};
