import {
  ALL_PRODUCTS,
  type DisputeOutcome,
  type GrantRevocationReasonV2,
  type PaymentPurpose,
  type RefundPlanAction,
} from '@mia/contracts';
import { DomainError, type Decider } from '@mia/service-kit';
import {
  entitlementEventVersion,
  grantIdOfPayment,
  grantIds,
  readEntitlementEvent,
  type EntitlementEvent,
} from './entitlement-events.js';
import type { CatalogStatus } from '../catalog/catalog-entry.js';
import type { DisputeStatus, EntitlementsState } from './entitlements-state.js';
import type { Grant } from './grants.js';
import {
  notePaidTerm,
  noteStanding,
  type PaidTermCommand,
  type StandingCommand,
} from './plan-terms.js';

export type { DisputeStatus, EntitlementsState } from './entitlements-state.js';

/** Outcomes that keep the payment: what the dispute suspended opens again. */
const KEEPS_PAYMENT = new Set<DisputeStatus>(['won', 'warning_closed', 'prevented']);
const isClosed = (status: DisputeStatus | undefined) =>
  status !== undefined && status !== 'open' && status !== 'inquiry';

/** What billing's events and admins ask of a user's entitlements. */
export type EntitlementCommand =
  | { kind: 'grant-purchase'; userId: string; paymentId: string; productId: string; paidAt: string }
  /**
   * A refund of the payment: a tool's full refund revokes it; a plan's ends only with
   * `planAction: cancel_now`.
   */
  | {
      kind: 'revoke-purchase';
      userId: string;
      paymentId: string;
      purpose: PaymentPurpose;
      full: boolean;
      planAction: RefundPlanAction | null;
    }
  /** A dispute of the payment; an inquiry suspends nothing until it escalates. */
  | {
      kind: 'open-dispute';
      userId: string;
      paymentId: string;
      purpose: PaymentPurpose;
      disputeId: string;
      inquiry: boolean;
    }
  | {
      kind: 'close-dispute';
      userId: string;
      paymentId: string;
      purpose: PaymentPurpose;
      disputeId: string;
      outcome: DisputeOutcome;
    }
  /** SubscriptionActivated / Renewed: a paid invoice (plan-terms.ts). */
  | PaidTermCommand
  /** SubscriptionChanged: how the plan stands, never an extension (plan-terms.ts). */
  | StandingCommand
  | { kind: 'end-subscription'; userId: string; subscriptionId: string; reason: string }
  | { kind: 'grant-trial'; userId: string; trialId: string; startedAt: string; endsAt: string }
  | {
      kind: 'admin-grant';
      userId: string;
      adminId: string;
      /** A product id or `all`. */
      scope: string;
      /** The product's standing in billing's catalogue; null: unknown (ignored for `all`). */
      catalogStatus: CatalogStatus | null;
      /** null: lifetime. */
      until: string | null;
      reason?: string;
    }
  | {
      kind: 'admin-revoke';
      userId: string;
      adminId: string;
      scope: string;
      /** As in admin-grant: a retired tool's grants can still be taken back. */
      catalogStatus: CatalogStatus | null;
      reason?: string;
    }
  /**
   * A grant from another feature's source (a team seat, a gift), decided there: this stream
   * only keeps it. Granting the same id again moves its window (a team's renewal, a grace end);
   * a revocation is forever, even one that arrived first.
   */
  | {
      kind: 'grant-source';
      userId: string;
      grantId: string;
      /** A product id or `all`. */
      scope: string;
      source: SourceOfGrant;
      validFrom: string;
      /** null: lifetime. */
      validUntil: string | null;
    }
  | {
      kind: 'revoke-source';
      userId: string;
      grantId: string;
      reason: GrantRevocationReasonV2;
      detail?: string;
    };

/** The sources other features grant from, with what their labels need. */
export type SourceOfGrant =
  | { kind: 'team'; ref: string; teamName?: string }
  | { kind: 'gift'; ref: string; giftFrom?: string };

export const grantsOf = (state: EntitlementsState): Grant[] => Object.values(state.grants);

const earlier = (a: string, b: Date): string =>
  Date.parse(a) <= b.getTime() ? a : b.toISOString();

const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

const openDisputes = (state: EntitlementsState, grantId: string, except?: string) =>
  Object.entries(state.disputes[grantId] ?? {}).filter(
    ([id, status]) => status === 'open' && id !== except,
  ).length;

/** Keeps a revocation's free text within the contract's single line. */
const detailText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

/**
 * A user's entitlements (COMMERCE.md §3). Purchases are lifetime; subscriptions cover every
 * tool until the end of the last paid period, which only paid invoices extend (a failed
 * renewal opens a grace window, plan-terms.ts); trials cover
 * every tool until their end; admins grant one product or all, for life or until a date.
 * Refunds, lost disputes, ended subscriptions and admins revoke; a dispute suspends until won.
 *
 * Billing's events arrive late, twice and out of order: grant ids derive from their source, so
 * a redelivery decides nothing; a revocation or a dispute that arrives before its grant is
 * remembered, so the late grant stays closed (or suspended).
 */
export const entitlementsDecider: Decider<EntitlementCommand, EntitlementsState, EntitlementEvent> =
  {
    name: 'entitlements',
    initialState: () => ({ grants: {}, revoked: {}, disputes: {}, terms: {}, standing: {} }),

    evolve(state, event) {
      switch (event.type) {
        case 'AccessGranted': {
          const { grantId, scope, source, validFrom, validUntil } = event.data;
          const revokedReason = state.revoked[grantId];
          const grant: Grant = {
            grantId,
            scope,
            source: { ...source },
            validFrom,
            validUntil,
            status: revokedReason ? 'revoked' : 'active',
            ...(revokedReason ? { revokedReason } : {}),
          };
          return { ...state, grants: { ...state.grants, [grantId]: grant } };
        }
        case 'AccessExtended':
          return withGrant(state, event.data.grantId, (g) => ({
            ...g,
            validUntil: event.data.validUntil,
          }));
        case 'AccessSuspended':
          return withGrant(state, event.data.grantId, (g) =>
            g.status === 'active' ? { ...g, status: 'suspended' } : g,
          );
        case 'AccessRestored':
          return withGrant(state, event.data.grantId, (g) =>
            g.status === 'suspended' ? { ...g, status: 'active' } : g,
          );
        case 'AccessRevoked': {
          const { grantId, reason } = event.data;
          const next = withGrant(state, grantId, (g) => ({
            ...g,
            status: 'revoked',
            revokedReason: reason,
          }));
          return { ...next, revoked: { ...next.revoked, [grantId]: reason } };
        }
        case 'DisputeNoted': {
          const { grantId, disputeId, status } = event.data;
          return {
            ...state,
            disputes: {
              ...state.disputes,
              [grantId]: { ...state.disputes[grantId], [disputeId]: status },
            },
          };
        }
        case 'SubscriptionTermNoted': {
          const { grantId, periodEnd, sourceVersion } = event.data;
          return { ...state, terms: { ...state.terms, [grantId]: { periodEnd, sourceVersion } } };
        }
        case 'SubscriptionStandingNoted': {
          const { grantId, status, sourceVersion } = event.data;
          return {
            ...state,
            standing: { ...state.standing, [grantId]: { status, sourceVersion } },
          };
        }
        case 'SubscriptionGraceOpened':
          return withGrant(state, event.data.grantId, (g) => ({
            ...g,
            graceUntil: event.data.graceUntil,
          }));
        case 'SubscriptionGraceClosed':
          return withGrant(state, event.data.grantId, ({ graceUntil: _closed, ...g }) => g);
      }
    },

    decide(command, state, { now, newId }) {
      const { userId } = command;
      switch (command.kind) {
        case 'grant-purchase': {
          const grantId = grantIds.purchase(command.paymentId);
          if (state.grants[grantId] || state.revoked[grantId]) return [];
          const granted: EntitlementEvent = {
            type: 'AccessGranted',
            data: {
              grantId,
              userId,
              scope: command.productId,
              source: { kind: 'purchase', ref: command.paymentId },
              validFrom: earlier(command.paidAt, now),
              validUntil: null,
            },
          };
          // A dispute that arrived first keeps the new grant suspended.
          return openDisputes(state, grantId) > 0
            ? [granted, { type: 'AccessSuspended', data: { grantId, userId, reason: 'dispute' } }]
            : [granted];
        }

        case 'revoke-purchase': {
          const grantId = grantIdOfPayment(command.paymentId, command.purpose);
          if (state.revoked[grantId] || !refundEndsAccess(command)) return [];
          return [{ type: 'AccessRevoked', data: { grantId, userId, reason: 'refund' } }];
        }

        case 'open-dispute': {
          const grantId = grantIdOfPayment(command.paymentId, command.purpose);
          const { disputeId, inquiry } = command;
          const known = state.disputes[grantId]?.[disputeId];
          // Noted once; an inquiry may later escalate to a chargeback (then it suspends).
          if (known && !(known === 'inquiry' && !inquiry)) return [];
          const status: DisputeStatus = inquiry ? 'inquiry' : 'open';
          const events: EntitlementEvent[] = [
            { type: 'DisputeNoted', data: { grantId, userId, disputeId, status } },
          ];
          if (!inquiry && state.grants[grantId]?.status === 'active') {
            events.push({ type: 'AccessSuspended', data: { grantId, userId, reason: 'dispute' } });
          }
          return events;
        }

        case 'close-dispute': {
          const grantId = grantIdOfPayment(command.paymentId, command.purpose);
          const { disputeId, outcome } = command;
          if (isClosed(state.disputes[grantId]?.[disputeId])) return [];
          return [
            { type: 'DisputeNoted', data: { grantId, userId, disputeId, status: outcome } },
            ...settleDispute(state, grantId, userId, disputeId, outcome),
          ];
        }

        case 'note-subscription-term':
          return notePaidTerm(command, state, now);

        case 'note-subscription-standing':
          return noteStanding(command, state, now);

        case 'end-subscription': {
          const grantId = grantIds.subscription(command.subscriptionId);
          if (state.revoked[grantId]) return [];
          return [
            {
              type: 'AccessRevoked',
              data: {
                grantId,
                userId,
                reason: 'subscription_ended',
                detail: detailText(command.reason),
              },
            },
          ];
        }

        case 'grant-trial': {
          const grantId = grantIds.trial(command.trialId);
          if (state.grants[grantId] || state.revoked[grantId]) return [];
          return [
            {
              type: 'AccessGranted',
              data: {
                grantId,
                userId,
                scope: ALL_PRODUCTS,
                source: { kind: 'trial', ref: command.trialId },
                validFrom: earlier(command.startedAt, now),
                validUntil: command.endsAt,
              },
            },
          ];
        }

        case 'admin-grant': {
          const { scope, until } = command;
          if (scope !== ALL_PRODUCTS && command.catalogStatus === null) {
            throw new DomainError('invalid', 'unknown_product', `Producto desconocido: ${scope}`);
          }
          // A retired tool is no longer sold nor given: those who own it keep it.
          if (scope !== ALL_PRODUCTS && command.catalogStatus === 'retired') {
            throw new DomainError(
              'conflict',
              'product_retired',
              `La herramienta ${scope} está retirada: ya no se vende ni se concede. Quien ya la tiene la sigue usando.`,
            );
          }
          if (until !== null && Date.parse(until) <= now.getTime()) {
            throw new DomainError(
              'invalid',
              'until_in_past',
              'La fecha de fin del acceso debe ser futura.',
            );
          }
          const same = grantsOf(state).some(
            (g) =>
              g.source.kind === 'admin' &&
              g.scope === scope &&
              g.status === 'active' &&
              sameInstant(g.validUntil, until) &&
              (g.validUntil === null || Date.parse(g.validUntil) > now.getTime()),
          );
          if (same) return [];
          // A fresh id never reuses one already granted or revoked (a revocation is forever).
          let ref = newId();
          while (state.grants[grantIds.admin(ref)] || state.revoked[grantIds.admin(ref)])
            ref = newId();
          return [
            {
              type: 'AccessGranted',
              data: {
                grantId: grantIds.admin(ref),
                userId,
                scope,
                source: {
                  kind: 'admin',
                  ref,
                  by: command.adminId,
                  ...(command.reason ? { reason: command.reason } : {}),
                },
                validFrom: now.toISOString(),
                validUntil: until,
              },
            },
          ];
        }

        case 'grant-source':
          return grantFromSource(command, state);

        case 'revoke-source': {
          const { grantId, reason } = command;
          if (state.revoked[grantId]) return [];
          const source = state.grants[grantId]?.source;
          return [
            {
              type: 'AccessRevoked',
              data: {
                grantId,
                userId,
                reason,
                ...(command.detail ? { detail: detailText(command.detail) } : {}),
                ...(source ? { source: { kind: source.kind, ref: source.ref } } : {}),
              },
            },
          ];
        }

        case 'admin-revoke': {
          const { scope } = command;
          if (scope !== ALL_PRODUCTS && command.catalogStatus === null) {
            throw new DomainError('invalid', 'unknown_product', `Producto desconocido: ${scope}`);
          }
          // What an admin may take back: their own grants and purchases. Plans and trials end
          // through billing (cancel the subscription), which then revokes them here.
          const detail = detailText(command.reason ?? `admin ${command.adminId}`);
          return grantsOf(state)
            .filter(
              (g) =>
                g.status !== 'revoked' &&
                (g.source.kind === 'admin' || g.source.kind === 'purchase') &&
                (scope === ALL_PRODUCTS || g.scope === scope),
            )
            .map((g) => ({
              type: 'AccessRevoked' as const,
              data: {
                grantId: g.grantId,
                userId,
                reason: 'admin' as const,
                detail,
                // Billing releases a purchased tool by this (it can then be bought again).
                source: { kind: g.source.kind, ref: g.source.ref },
              },
            }));
        }
      }
    },

    read: readEntitlementEvent,
    versionOf: entitlementEventVersion,
  };

/**
 * A source's grant: granted once, then only its window moves (a renewal extends it, a lapse
 * shortens it; the same window again changes nothing). Never after its revocation.
 */
function grantFromSource(
  command: Extract<EntitlementCommand, { kind: 'grant-source' }>,
  state: EntitlementsState,
): EntitlementEvent[] {
  const { userId, grantId, scope, source, validFrom, validUntil } = command;
  if (state.revoked[grantId]) return [];
  const grant = state.grants[grantId];
  if (!grant) {
    return [
      {
        type: 'AccessGranted',
        data: { grantId, userId, scope, source: { ...source }, validFrom, validUntil },
      },
    ];
  }
  if (sameInstant(grant.validUntil, validUntil)) return [];
  // A lifetime end is not an instant AccessExtended can carry: grant it again (same id, the
  // projection and evolve replace the row).
  if (validUntil === null) {
    return [
      {
        type: 'AccessGranted',
        data: {
          grantId,
          userId,
          scope,
          source: { ...source },
          validFrom: grant.validFrom,
          validUntil,
        },
      },
    ];
  }
  return [{ type: 'AccessExtended', data: { grantId, userId, validUntil } }];
}

function withGrant(
  state: EntitlementsState,
  grantId: string,
  change: (grant: Grant) => Grant,
): EntitlementsState {
  const grant = state.grants[grantId];
  return grant ? { ...state, grants: { ...state.grants, [grantId]: change(grant) } } : state;
}

/** Policy for a refund's access: a tool's full refund, or a plan refunded with `cancel_now`. */
function refundEndsAccess(command: Extract<EntitlementCommand, { kind: 'revoke-purchase' }>) {
  return command.purpose.kind === 'subscription'
    ? command.planAction === 'cancel_now'
    : command.full;
}

/** A closed dispute: lost revokes the grant; any outcome that keeps the payment restores it. */
function settleDispute(
  state: EntitlementsState,
  grantId: string,
  userId: string,
  disputeId: string,
  outcome: DisputeOutcome,
): EntitlementEvent[] {
  if (outcome === 'lost') {
    if (state.revoked[grantId]) return [];
    return [
      {
        type: 'AccessRevoked',
        data: { grantId, userId, reason: 'dispute', detail: detailText(disputeId) },
      },
    ];
  }
  if (
    KEEPS_PAYMENT.has(outcome) &&
    state.grants[grantId]?.status === 'suspended' &&
    openDisputes(state, grantId, disputeId) === 0
  ) {
    return [{ type: 'AccessRestored', data: { grantId, userId } }];
  }
  return [];
}
