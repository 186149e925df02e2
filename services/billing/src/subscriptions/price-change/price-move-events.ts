import { planTypeSchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// One stream per subscription (`plan-price-move-<subscriptionId>`): how a plan's price change
// reaches an existing subscriber. Kept apart from the subscription's own stream, which mirrors
// the provider; this one records billing's notice and when the new price takes effect.

export const planPriceMoveStreamId = (subscriptionId: string): string =>
  `plan-price-move-${subscriptionId}`;

const instant = z.string().min(1);

/**
 * The subscriber was told (mail es/en) that the plan will cost `priceCents` from the first
 * renewal on or after `effectiveFrom` (the notice plus 7 days). A later change replaces it.
 */
export const PlanPriceMoveNoticed = defineDomainEvent(
  'PlanPriceMoveNoticed',
  z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    plan: planTypeSchema,
    priceCents: z.number().int().nonnegative(),
    /** What the subscriber pays until the move (null: not known when the change was made). */
    previousPriceCents: z.number().int().nonnegative().nullable(),
    currency: z.string().min(1),
    /** The catalogue change this notice is for (PlanPriceChanged's changedAt). */
    changedAt: instant,
    noticeSentAt: instant,
    effectiveFrom: instant,
  }),
);

/**
 * The provider's subscription item now bills `priceCents` (changed without proration), so the
 * renewal at `renewalAt` charges it. `replacedPriceId` is the price it billed before.
 */
export const PlanPriceMoveScheduled = defineDomainEvent(
  'PlanPriceMoveScheduled',
  z.object({
    subscriptionId: z.uuid(),
    priceCents: z.number().int().nonnegative(),
    renewalAt: instant,
    replacedPriceId: z.string().min(1),
  }),
);

/**
 * The renewal at `periodEnd` comes less than 7 days after the notice: it charges the price the
 * subscriber pays now (the provider item is on it), and the move waits for the next renewal.
 */
export const PlanPriceMoveWaiting = defineDomainEvent(
  'PlanPriceMoveWaiting',
  z.object({ subscriptionId: z.uuid(), periodEnd: instant }),
);

/** A renewal was paid while the move waits: the next renewal is the one to check now. */
export const PlanPriceMoveRenewalSeen = defineDomainEvent(
  'PlanPriceMoveRenewalSeen',
  z.object({ subscriptionId: z.uuid(), currentPeriodEnd: instant }),
);

/** The renewal at `movedAt` was paid at the new price: the subscriber pays `priceCents` now. */
export const PlanPriceMoved = defineDomainEvent(
  'PlanPriceMoved',
  z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    priceCents: z.number().int().nonnegative(),
    movedAt: instant,
  }),
);

/** The pending move no longer applies: the subscription ended or moved to another plan. */
export const PlanPriceMoveDropped = defineDomainEvent(
  'PlanPriceMoveDropped',
  z.object({ subscriptionId: z.uuid(), reason: z.enum(['ended', 'plan_changed']) }),
);

export const planPriceMoveEventDefinitions = [
  PlanPriceMoveNoticed,
  PlanPriceMoveScheduled,
  PlanPriceMoveWaiting,
  PlanPriceMoveRenewalSeen,
  PlanPriceMoved,
  PlanPriceMoveDropped,
] as const;

export type PlanPriceMoveEvent =
  | EventOf<typeof PlanPriceMoveNoticed>
  | EventOf<typeof PlanPriceMoveScheduled>
  | EventOf<typeof PlanPriceMoveWaiting>
  | EventOf<typeof PlanPriceMoveRenewalSeen>
  | EventOf<typeof PlanPriceMoved>
  | EventOf<typeof PlanPriceMoveDropped>;
