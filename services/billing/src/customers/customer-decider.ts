import type { PlanType } from '@mia/contracts';
import { planName } from '@mia/catalog';
import { DomainError, readerOf, type Decider } from '@mia/service-kit';
import {
  customerEventDefinitions,
  type CustomerEvent,
  type CustomerSubscriptionState,
} from './customer-events.js';

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CustomerCommand =
  | { kind: 'record-profile'; userId: string; email: string; name: string }
  | { kind: 'link-provider'; userId: string; providerCustomerId: string }
  | {
      kind: 'open-purchase';
      userId: string;
      productId: string;
      paymentId: string;
      /** The tool's name for the refusal's message (the catalogue is read by the caller). */
      productName?: string;
    }
  | { kind: 'abandon-purchase'; userId: string; productId: string; paymentId: string }
  | { kind: 'record-ownership'; userId: string; productId: string; paymentId: string }
  | {
      kind: 'release-ownership';
      userId: string;
      productId: string;
      paymentId: string;
      reason: 'refund' | 'dispute' | 'admin';
    }
  /** An admin took back the tool this payment bought (access's AccessRevoked, reason admin). */
  | { kind: 'release-payment'; userId: string; paymentId: string }
  | {
      kind: 'open-subscription';
      userId: string;
      subscriptionId: string;
      plan: PlanType;
      /** Pending subscriptions never created at the provider: nothing there can be paid. */
      unpayable?: readonly string[];
    }
  | {
      kind: 'note-subscription';
      userId: string;
      subscriptionId: string;
      plan: PlanType;
      state: CustomerSubscriptionState;
    }
  | ({ kind: 'save-card'; userId: string } & SavedCard);

export interface CustomerSubscription {
  plan: PlanType;
  state: CustomerSubscriptionState;
}

export interface CustomerState {
  email: string | null;
  name: string | null;
  providerCustomerId: string | null;
  /** productId -> the payment of the checkout in progress. */
  openPurchases: Record<string, string>;
  /** productId -> the payment that bought it for life. */
  owned: Record<string, string>;
  /** Payments whose tool was released: later news of them never makes it owned again. */
  released: Record<string, true>;
  subscriptions: Record<string, CustomerSubscription>;
  card: SavedCard | null;
}

/** The subscription that gives access now (paid, not ended), if any. */
export function activeSubscriptionOf(
  state: CustomerState,
): ({ subscriptionId: string } & CustomerSubscription) | undefined {
  const found = Object.entries(state.subscriptions).find(([, s]) => s.state === 'active');
  return found && { subscriptionId: found[0], ...found[1] };
}

/** A subscription of this plan created but not paid yet: its checkout is resumed, not repeated. */
export function pendingSubscriptionOf(state: CustomerState, plan: PlanType): string | undefined {
  return Object.entries(state.subscriptions).find(
    ([, s]) => s.state === 'pending' && s.plan === plan,
  )?.[0];
}

const STATE_ORDER: Record<CustomerSubscriptionState, number> = { pending: 0, active: 1, ended: 2 };

/**
 * A customer's purchases and subscriptions, for the rules a checkout must follow: a tool owned
 * for life is not sold twice, and a second subscription is not opened beside an active one.
 */
export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  name: 'billing-customer',
  initialState: () => ({
    email: null,
    name: null,
    providerCustomerId: null,
    openPurchases: {},
    owned: {},
    released: {},
    subscriptions: {},
    card: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CustomerProfileRecorded':
        return { ...state, email: event.data.email, name: event.data.name };
      case 'ProviderCustomerLinked':
        return { ...state, providerCustomerId: event.data.providerCustomerId };
      case 'PurchaseOpened':
        return {
          ...state,
          openPurchases: { ...state.openPurchases, [event.data.productId]: event.data.paymentId },
        };
      case 'PurchaseAbandoned': {
        const { [event.data.productId]: _abandoned, ...open } = state.openPurchases;
        return { ...state, openPurchases: open };
      }
      case 'ProductOwned': {
        const { [event.data.productId]: _done, ...open } = state.openPurchases;
        return {
          ...state,
          openPurchases: open,
          owned: { ...state.owned, [event.data.productId]: event.data.paymentId },
        };
      }
      case 'ProductReleased': {
        const { [event.data.productId]: _released, ...owned } = state.owned;
        return { ...state, owned, released: { ...state.released, [event.data.paymentId]: true } };
      }
      case 'CustomerSubscriptionNoted':
        return {
          ...state,
          subscriptions: {
            ...state.subscriptions,
            [event.data.subscriptionId]: { plan: event.data.plan, state: event.data.state },
          },
        };
      case 'CardSaved': {
        const { brand, last4, expMonth, expYear } = event.data;
        return { ...state, card: { brand, last4, expMonth, expYear } };
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'record-profile': {
        const email = command.email.trim().toLowerCase();
        if (state.email === email && state.name === command.name) return [];
        return [
          {
            type: 'CustomerProfileRecorded',
            data: { userId: command.userId, email, name: command.name },
          },
        ];
      }
      case 'link-provider':
        // The first link wins: the provider call that made it used our idempotency key, so a
        // racing request received the same customer.
        if (state.providerCustomerId !== null) return [];
        return [
          {
            type: 'ProviderCustomerLinked',
            data: { userId: command.userId, providerCustomerId: command.providerCustomerId },
          },
        ];
      case 'open-purchase': {
        if (state.owned[command.productId] !== undefined) {
          throw new DomainError(
            'conflict',
            'already_owned',
            `Ya tienes «${command.productName ?? command.productId}». Tu acceso es de por vida: no hace falta comprarlo de nuevo.`,
          );
        }
        if (state.openPurchases[command.productId] !== undefined) return [];
        const { userId, productId, paymentId } = command;
        return [{ type: 'PurchaseOpened', data: { userId, productId, paymentId } }];
      }
      case 'abandon-purchase': {
        if (state.openPurchases[command.productId] !== command.paymentId) return [];
        const { userId, productId, paymentId } = command;
        return [{ type: 'PurchaseAbandoned', data: { userId, productId, paymentId } }];
      }
      case 'record-ownership': {
        // A second payment for a tool already owned (two tabs paid) keeps the first as the
        // purchase; the second stays in the payment history for a refund.
        if (state.owned[command.productId] !== undefined) return [];
        if (state.released[command.paymentId]) return [];
        const { userId, productId, paymentId } = command;
        return [{ type: 'ProductOwned', data: { userId, productId, paymentId } }];
      }
      case 'release-ownership': {
        if (state.owned[command.productId] !== command.paymentId) return [];
        const { userId, productId, paymentId, reason } = command;
        return [{ type: 'ProductReleased', data: { userId, productId, paymentId, reason } }];
      }
      case 'release-payment': {
        const { userId, paymentId } = command;
        const productId = Object.keys(state.owned).find((p) => state.owned[p] === paymentId);
        if (productId === undefined) return [];
        return [
          { type: 'ProductReleased', data: { userId, productId, paymentId, reason: 'admin' } },
        ];
      }
      case 'open-subscription': {
        const active = activeSubscriptionOf(state);
        if (active) {
          throw new DomainError(
            'conflict',
            'already_subscribed',
            `Ya tienes una suscripción activa (${planName(active.plan)}). Para pasar a otro plan usa «Cambiar plan» en tu panel.`,
          );
        }
        if (pendingSubscriptionOf(state, command.plan) !== undefined) return [];
        // Two unpaid checkouts of different plans could both be paid (two tabs): the second is
        // refused while the first may still be paid. Cancelling the first instead could cancel
        // one paid a moment ago; it ends by itself when its first invoice expires.
        const otherPending = Object.entries(state.subscriptions).find(
          ([id, s]) => s.state === 'pending' && !command.unpayable?.includes(id),
        )?.[1];
        if (otherPending) {
          throw new DomainError(
            'conflict',
            'plan_checkout_pending',
            `Ya empezaste el pago del ${planName(otherPending.plan)}. Termínalo en esa ventana, o espera a que caduque (un día) para elegir otro plan.`,
          );
        }
        const { userId, subscriptionId, plan } = command;
        return [
          {
            type: 'CustomerSubscriptionNoted',
            data: { userId, subscriptionId, plan, state: 'pending' },
          },
        ];
      }
      case 'note-subscription': {
        const known = state.subscriptions[command.subscriptionId];
        // States only move forward: a late "active" never revives an ended subscription.
        if (known && STATE_ORDER[known.state] > STATE_ORDER[command.state]) return [];
        if (known && known.state === command.state && known.plan === command.plan) return [];
        const { userId, subscriptionId, plan } = command;
        return [
          {
            type: 'CustomerSubscriptionNoted',
            data: { userId, subscriptionId, plan, state: command.state },
          },
        ];
      }
      case 'save-card': {
        const { userId, brand, last4, expMonth, expYear } = command;
        const card = state.card;
        if (
          card &&
          card.brand === brand &&
          card.last4 === last4 &&
          card.expMonth === expMonth &&
          card.expYear === expYear
        ) {
          return [];
        }
        return [{ type: 'CardSaved', data: { userId, brand, last4, expMonth, expYear } }];
      }
    }
  },
  read: readerOf<CustomerEvent>(customerEventDefinitions),
};
