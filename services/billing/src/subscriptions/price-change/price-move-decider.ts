import type { PlanPriceChangedV1Data, PlanType, SubscriptionStatus } from '@mia/contracts';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import { planPriceMoveEventDefinitions, type PlanPriceMoveEvent } from './price-move-events.js';

/** How long a subscriber is told ahead before a renewal charges a new price. */
export const NOTICE_DAYS = 7;
const NOTICE_MS = NOTICE_DAYS * 24 * 60 * 60 * 1000;

/** Statuses whose subscriber keeps renewing: they are told, and moved. */
const RENEWING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** The subscription as its own stream knows it when the price changes. */
export interface SubscriptionAtChange {
  plan: PlanType;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** When it was opened: one opened since the change was bought at the new price. */
  openedAt: string;
}

export type PlanPriceMoveCommand =
  | {
      kind: 'notice';
      subscriptionId: string;
      userId: string;
      change: PlanPriceChangedV1Data;
      subscription: SubscriptionAtChange;
    }
  /** The provider item now bills the pending price for the renewal at `renewalAt`. */
  | { kind: 'schedule'; priceCents: number; renewalAt: string; replacedPriceId: string }
  /** The renewal at `periodEnd` comes too early: it charges the price paid now. */
  | { kind: 'wait'; periodEnd: string }
  /** Billing's SubscriptionRenewed: a renewal was paid; its new period ends at `currentPeriodEnd`. */
  | { kind: 'renewed'; plan: PlanType; currentPeriodEnd: string }
  | { kind: 'drop'; reason: 'ended' | 'plan_changed' };

interface PendingMove {
  priceCents: number;
  currency: string;
  noticeSentAt: string;
  effectiveFrom: string;
}

export interface PlanPriceMoveState {
  subscriptionId: string | null;
  userId: string | null;
  plan: PlanType | null;
  /** The newest catalogue change noticed (a redelivered or older one changes nothing). */
  changedAt: string | null;
  /** What the subscriber pays now (null: not known yet). */
  billedCents: number | null;
  pending: PendingMove | null;
  /** The provider item bills `priceCents` from the renewal at `renewalAt`. */
  scheduled: { priceCents: number; renewalAt: string } | null;
  /** The price the provider item billed before billing changed it (to put back if needed). */
  originalPriceId: string | null;
  /** The renewal the move waits past (null: to be checked against the provider). */
  waitingPeriodEnd: string | null;
  /** The newest period end a paid renewal reported. */
  seenPeriodEnd: string | null;
}

const time = (iso: string) => Date.parse(iso);

/** What the provider item must bill at the renewal ending the current period. */
export type RenewalPrice =
  | { kind: 'move'; priceCents: number; currency: string }
  /** Too early: the price paid now (`revertTo`: the price id to put back, if billing changed it). */
  | { kind: 'wait'; revertTo: string | null }
  | { kind: 'none' };

/**
 * The rule: the first renewal on or after the notice plus 7 days charges the new price. A
 * renewal at `periodEnd` before that charges what the subscriber pays now.
 */
export function renewalPriceAt(state: PlanPriceMoveState, periodEnd: string): RenewalPrice {
  const { pending } = state;
  if (!pending) return { kind: 'none' };
  if (time(periodEnd) >= time(pending.effectiveFrom)) {
    return { kind: 'move', priceCents: pending.priceCents, currency: pending.currency };
  }
  return { kind: 'wait', revertTo: state.scheduled ? state.originalPriceId : null };
}

/**
 * A plan's price change as it reaches one subscriber: a notice, then the new price from the first
 * renewal at least 7 days later. A newer change replaces a pending one (its price wins, its notice
 * restarts the 7 days). Redelivered facts change nothing.
 */
export const planPriceMoveDecider: Decider<
  PlanPriceMoveCommand,
  PlanPriceMoveState,
  PlanPriceMoveEvent
> = {
  name: 'billing-plan-price-move',
  initialState: () => ({
    subscriptionId: null,
    userId: null,
    plan: null,
    changedAt: null,
    billedCents: null,
    pending: null,
    scheduled: null,
    originalPriceId: null,
    waitingPeriodEnd: null,
    seenPeriodEnd: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'PlanPriceMoveNoticed': {
        const d = event.data;
        return {
          ...state,
          subscriptionId: d.subscriptionId,
          userId: d.userId,
          plan: d.plan,
          changedAt: d.changedAt,
          billedCents: state.billedCents ?? d.previousPriceCents,
          // The provider may still hold an earlier schedule: the next check puts it right.
          pending: {
            priceCents: d.priceCents,
            currency: d.currency,
            noticeSentAt: d.noticeSentAt,
            effectiveFrom: d.effectiveFrom,
          },
          waitingPeriodEnd: null,
        };
      }
      case 'PlanPriceMoveScheduled':
        return {
          ...state,
          scheduled: { priceCents: event.data.priceCents, renewalAt: event.data.renewalAt },
          originalPriceId: state.originalPriceId ?? event.data.replacedPriceId,
          waitingPeriodEnd: null,
        };
      case 'PlanPriceMoveWaiting':
        // The provider item is back on (or still on) the price paid now.
        return { ...state, scheduled: null, waitingPeriodEnd: event.data.periodEnd };
      case 'PlanPriceMoveRenewalSeen':
        return { ...state, seenPeriodEnd: event.data.currentPeriodEnd, waitingPeriodEnd: null };
      case 'PlanPriceMoved':
        return {
          ...state,
          billedCents: event.data.priceCents,
          pending: null,
          scheduled: null,
          originalPriceId: null,
          waitingPeriodEnd: null,
        };
      case 'PlanPriceMoveDropped':
        return {
          ...state,
          pending: null,
          scheduled: null,
          originalPriceId: null,
          waitingPeriodEnd: null,
        };
    }
  },
  decide(command, state, { now }) {
    switch (command.kind) {
      case 'notice': {
        const { change, subscription } = command;
        if (change.planType !== subscription.plan) return [];
        // Those leaving (ended, cancelling at period end, never paid) are not moved.
        if (!RENEWING.includes(subscription.status) || subscription.cancelAtPeriodEnd) return [];
        if (time(subscription.openedAt) >= time(change.changedAt)) return [];
        if (state.changedAt !== null && time(change.changedAt) <= time(state.changedAt)) return [];
        const billed = state.billedCents ?? change.previousPriceCents;
        // Nothing changes for this subscriber (already on that price, nothing pending).
        if (!state.pending && billed === change.priceCents) return [];
        return [
          {
            type: 'PlanPriceMoveNoticed',
            data: {
              subscriptionId: command.subscriptionId,
              userId: command.userId,
              plan: subscription.plan,
              priceCents: change.priceCents,
              previousPriceCents: billed,
              currency: change.currency,
              changedAt: change.changedAt,
              noticeSentAt: now.toISOString(),
              effectiveFrom: new Date(now.getTime() + NOTICE_MS).toISOString(),
            },
          },
        ];
      }
      case 'schedule': {
        const { pending, scheduled } = state;
        // A newer notice arrived since the provider was read: the next check acts on it.
        if (!pending || pending.priceCents !== command.priceCents) return [];
        if (time(command.renewalAt) < time(pending.effectiveFrom)) {
          throw new DomainError(
            'conflict',
            'price_move_too_early',
            `The renewal at ${command.renewalAt} comes less than ${NOTICE_DAYS} days after the notice.`,
          );
        }
        if (
          scheduled?.priceCents === command.priceCents &&
          time(scheduled.renewalAt) === time(command.renewalAt)
        ) {
          return [];
        }
        return [
          {
            type: 'PlanPriceMoveScheduled',
            data: {
              subscriptionId: state.subscriptionId!,
              priceCents: command.priceCents,
              renewalAt: command.renewalAt,
              replacedPriceId: command.replacedPriceId,
            },
          },
        ];
      }
      case 'wait': {
        const { pending } = state;
        if (!pending) return [];
        if (time(command.periodEnd) >= time(pending.effectiveFrom)) {
          throw new DomainError(
            'conflict',
            'price_move_due',
            `The renewal at ${command.periodEnd} is due to charge the new price.`,
          );
        }
        // Read before a renewal billing already saw: that period is over, check again.
        if (state.seenPeriodEnd !== null && time(state.seenPeriodEnd) > time(command.periodEnd)) {
          return [];
        }
        if (
          !state.scheduled &&
          state.waitingPeriodEnd !== null &&
          time(state.waitingPeriodEnd) === time(command.periodEnd)
        ) {
          return [];
        }
        return [
          {
            type: 'PlanPriceMoveWaiting',
            data: { subscriptionId: state.subscriptionId!, periodEnd: command.periodEnd },
          },
        ];
      }
      case 'renewed': {
        const { pending, scheduled } = state;
        if (!pending) return [];
        const subscriptionId = state.subscriptionId!;
        // A plan change (monthly <-> annual) bills the other plan's price: this move is moot.
        if (command.plan !== state.plan) {
          return [
            { type: 'PlanPriceMoveDropped', data: { subscriptionId, reason: 'plan_changed' } },
          ];
        }
        if (scheduled) {
          // The renewal at renewalAt was paid once the period runs past it. A schedule a newer
          // notice replaced is not the move: the newer notice made the sweep due, which puts the
          // provider on the newer price for a renewal 7 days after it (or back until then).
          if (
            scheduled.priceCents !== pending.priceCents ||
            time(command.currentPeriodEnd) <= time(scheduled.renewalAt)
          ) {
            return [];
          }
          return [
            {
              type: 'PlanPriceMoved',
              data: {
                subscriptionId,
                userId: state.userId!,
                priceCents: scheduled.priceCents,
                movedAt: scheduled.renewalAt,
              },
            },
          ];
        }
        if (
          state.seenPeriodEnd !== null &&
          time(command.currentPeriodEnd) <= time(state.seenPeriodEnd)
        ) {
          return [];
        }
        return [
          {
            type: 'PlanPriceMoveRenewalSeen',
            data: { subscriptionId, currentPeriodEnd: command.currentPeriodEnd },
          },
        ];
      }
      case 'drop':
        if (!state.pending) return [];
        return [
          {
            type: 'PlanPriceMoveDropped',
            data: { subscriptionId: state.subscriptionId!, reason: command.reason },
          },
        ];
    }
  },
  read: readerOf<PlanPriceMoveEvent>(planPriceMoveEventDefinitions),
};
