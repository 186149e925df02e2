import {
  AccessExtendedV1,
  AccessGrantedV2,
  AccessRestoredV1,
  AccessRevokedV2,
  AccessSuspendedV1,
  instantSchema,
  ownIdSchema,
  subscriptionStatusSchema,
} from '@mia/contracts';
import { defineDomainEvent, readerOf, type EventOf, type StoredEvent } from '@mia/service-kit';
import { z } from 'zod';

// A user's entitlements stream holds access's integration events (published to every service)
// and domain events that only remember what the integration events cannot carry: which
// disputes a payment had, and which billing stream version the subscription's end came from.

/** A dispute on the payment behind a grant, opened or closed (with its outcome). */
export const DisputeNoted = defineDomainEvent(
  'DisputeNoted',
  z.object({
    grantId: z.string().min(1),
    userId: ownIdSchema,
    disputeId: z.string().min(1),
    /** `inquiry`: the bank only asked (nothing suspended); the last four are outcomes. */
    status: z.enum(['open', 'inquiry', 'won', 'lost', 'warning_closed', 'prevented']),
  }),
);

/**
 * The end of a subscription's current period, from billing's event at `sourceVersion` of the
 * subscription's stream: a change is taken only from a newer version, so a late event never
 * moves the end back.
 */
export const SubscriptionTermNoted = defineDomainEvent(
  'SubscriptionTermNoted',
  z.object({
    grantId: z.string().min(1),
    userId: ownIdSchema,
    periodEnd: instantSchema,
    sourceVersion: z.number().int().nonnegative(),
  }),
);

/**
 * The plan's standing as billing last reported it (SubscriptionChanged's status, or `active`
 * from a paid invoice), from `sourceVersion` of the subscription's stream: a report from an
 * older version is stale and changes nothing.
 */
export const SubscriptionStandingNoted = defineDomainEvent(
  'SubscriptionStandingNoted',
  z.object({
    grantId: z.string().min(1),
    userId: ownIdSchema,
    status: subscriptionStatusSchema,
    sourceVersion: z.number().int().nonnegative(),
  }),
);

/**
 * A renewal failed: the plan's tools stay usable until `graceUntil` (the failed period's start
 * plus PAST_DUE_GRACE_DAYS), unless an invoice is paid first. Not an extension: no money came.
 */
export const SubscriptionGraceOpened = defineDomainEvent(
  'SubscriptionGraceOpened',
  z.object({ grantId: z.string().min(1), userId: ownIdSchema, graceUntil: instantSchema }),
);

/** The grace window is over early: an invoice was paid, or the plan left past due. */
export const SubscriptionGraceClosed = defineDomainEvent(
  'SubscriptionGraceClosed',
  z.object({ grantId: z.string().min(1), userId: ownIdSchema }),
);

export type EntitlementEvent =
  | EventOf<typeof AccessGrantedV2>
  | EventOf<typeof AccessExtendedV1>
  | EventOf<typeof AccessSuspendedV1>
  | EventOf<typeof AccessRestoredV1>
  | EventOf<typeof AccessRevokedV2>
  | EventOf<typeof DisputeNoted>
  | EventOf<typeof SubscriptionTermNoted>
  | EventOf<typeof SubscriptionStandingNoted>
  | EventOf<typeof SubscriptionGraceOpened>
  | EventOf<typeof SubscriptionGraceClosed>;

export const entitlementEventDefinitions = [
  AccessGrantedV2,
  AccessExtendedV1,
  AccessSuspendedV1,
  AccessRestoredV1,
  AccessRevokedV2,
  DisputeNoted,
  SubscriptionTermNoted,
  SubscriptionStandingNoted,
  SubscriptionGraceOpened,
  SubscriptionGraceClosed,
] as const;

// Grants and revocations are appended as v2 only (ADR 0020): every consumer reads v2. Streams
// written before hold v1, whose data is a subset of v2's (fewer kinds and reasons), so a v1 event
// is read as v2 unchanged.
const UPCAST_FROM_V1 = new Set<string>([AccessGrantedV2.type, AccessRevokedV2.type]);
const readAsDefined = readerOf<EntitlementEvent>(entitlementEventDefinitions);

/** The decider's `read`: every event of the stream at its current version. */
export const readEntitlementEvent = (event: StoredEvent): EntitlementEvent | undefined =>
  readAsDefined(
    UPCAST_FROM_V1.has(event.type) && event.version === 1 ? { ...event, version: 2 } : event,
  );

/** The version each event is appended with. */
export const entitlementEventVersion = (event: EntitlementEvent): number =>
  UPCAST_FROM_V1.has(event.type) ? 2 : 1;

/** One stream per user. */
export const entitlementsStreamId = (userId: string): string => `entitlements-${userId}`;

/** The grant a payment paid for: a tool's purchase grant, or the plan's subscription grant. */
export const grantIdOfPayment = (
  paymentId: string,
  purpose: { kind: 'product' } | { kind: 'subscription'; subscriptionId: string },
): string =>
  purpose.kind === 'subscription'
    ? grantIds.subscription(purpose.subscriptionId)
    : grantIds.purchase(paymentId);

/** Grant ids derive from their source, so a redelivered source grants nothing twice. */
export const grantIds = {
  purchase: (paymentId: string) => `purchase:${paymentId}`,
  subscription: (subscriptionId: string) => `subscription:${subscriptionId}`,
  trial: (trialId: string) => `trial:${trialId}`,
  admin: (actionId: string) => `admin:${actionId}`,
  /**
   * A seat on a church's team, per accepted invitation: a revocation is forever, so a member who
   * leaves and is invited again holds a new grant.
   */
  team: (teamId: string, invitationId: string) => `team:${teamId}:${invitationId}`,
  gift: (giftId: string) => `gift:${giftId}`,
};
