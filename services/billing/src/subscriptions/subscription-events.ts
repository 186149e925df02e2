import {
  planTypeSchema,
  SubscriptionActivatedV1,
  SubscriptionActivatedV2,
  SubscriptionChangedV1,
  SubscriptionChangedV2,
  SubscriptionEndedV1,
  SubscriptionEndedV2,
  SubscriptionRenewedV1,
  SubscriptionRenewedV2,
  teamPlanSchema,
  type SubscriptionActivatedV1Data,
  type SubscriptionActivatedV2Data,
  type SubscriptionChangedV1Data,
  type SubscriptionChangedV2Data,
  type SubscriptionEndedV1Data,
  type SubscriptionEndedV2Data,
  type SubscriptionRenewedV1Data,
  type SubscriptionRenewedV2Data,
} from '@mia/contracts';
import {
  defineDomainEvent,
  readerOf,
  type DomainEvent,
  type EventOf,
  type StoredEvent,
} from '@mia/service-kit';
import { z } from 'zod';

// One stream per subscription (`subscription-<subscriptionId>`, our id; the provider's
// `sub_...` is linked to it).

/**
 * A checkout created the subscription; nothing is granted until its first invoice is paid.
 * `team`: a church's plan (ADR 0020); absent in streams written before team plans (personal).
 */
export const SubscriptionOpened = defineDomainEvent(
  'SubscriptionOpened',
  z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    plan: planTypeSchema,
    team: teamPlanSchema.nullable().optional(),
  }),
);

export const SubscriptionProviderLinked = defineDomainEvent(
  'SubscriptionProviderLinked',
  z.object({ subscriptionId: z.uuid(), providerSubscriptionId: z.string().min(1) }),
);

/** An invoice of the subscription was paid: each one counts once (activation or renewal). */
export const SubscriptionInvoicePaid = defineDomainEvent(
  'SubscriptionInvoicePaid',
  z.object({ subscriptionId: z.uuid(), invoiceId: z.string().min(1) }),
);

/**
 * A paid invoice of the subscription collected other money than the plan's price (changed at
 * the provider, e.g. a cheaper price set with the secret key): it counts once and pays for no
 * period. Its payment is PaymentMismatched, listed for staff to refund or grant by hand.
 */
export const SubscriptionInvoiceMismatched = defineDomainEvent(
  'SubscriptionInvoiceMismatched',
  z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    invoiceId: z.string().min(1),
    expectedCents: z.number().int().nonnegative(),
    paidCents: z.number().int().nonnegative(),
    currency: z.string().min(1),
  }),
);

/**
 * The start of the subscription's current period at the provider. Periods only move forward, so
 * a report whose period started earlier than this was read before a newer one: it is stale.
 */
export const SubscriptionPeriodNoted = defineDomainEvent(
  'SubscriptionPeriodNoted',
  z.object({ subscriptionId: z.uuid(), currentPeriodStart: z.string().min(1) }),
);

/** A plan change the provider could not charge: the subscription stays as it was. */
export const SubscriptionChangeDeclined = defineDomainEvent(
  'SubscriptionChangeDeclined',
  z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    plan: planTypeSchema,
    message: z.string(),
  }),
);

export const subscriptionEventDefinitions = [
  SubscriptionOpened,
  SubscriptionProviderLinked,
  SubscriptionInvoicePaid,
  SubscriptionActivatedV2,
  SubscriptionRenewedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  SubscriptionPeriodNoted,
  SubscriptionChangeDeclined,
  SubscriptionInvoiceMismatched,
] as const;

export type SubscriptionEvent =
  | EventOf<typeof SubscriptionOpened>
  | EventOf<typeof SubscriptionProviderLinked>
  | EventOf<typeof SubscriptionInvoicePaid>
  | DomainEvent<'SubscriptionActivated', SubscriptionActivatedV2Data>
  | DomainEvent<'SubscriptionRenewed', SubscriptionRenewedV2Data>
  | DomainEvent<'SubscriptionChanged', SubscriptionChangedV2Data>
  | DomainEvent<'SubscriptionEnded', SubscriptionEndedV2Data>
  // v1 twins of personal plans' announcements (no `team`), appended while a consumer declares
  // v1 (ADR 0020); streams written before v2 hold only these.
  | DomainEvent<'SubscriptionActivated', SubscriptionActivatedV1Data>
  | DomainEvent<'SubscriptionRenewed', SubscriptionRenewedV1Data>
  | DomainEvent<'SubscriptionChanged', SubscriptionChangedV1Data>
  | DomainEvent<'SubscriptionEnded', SubscriptionEndedV1Data>
  | EventOf<typeof SubscriptionPeriodNoted>
  | EventOf<typeof SubscriptionChangeDeclined>
  | EventOf<typeof SubscriptionInvoiceMismatched>;

/** The announcements that exist as v1 and v2, by type (v1 is a personal plan's). */
const announcementsV1 = new Map<string, { schema: z.ZodType }>([
  [SubscriptionActivatedV1.type, SubscriptionActivatedV1],
  [SubscriptionRenewedV1.type, SubscriptionRenewedV1],
  [SubscriptionChangedV1.type, SubscriptionChangedV1],
  [SubscriptionEndedV1.type, SubscriptionEndedV1],
]);

/** An announcement without `team` is a v1 (a personal plan's twin, or an old stream's). */
export const isV1Announcement = (event: SubscriptionEvent): boolean =>
  announcementsV1.has(event.type) && !('team' in (event.data as object));

const readCurrent = readerOf<SubscriptionEvent>(subscriptionEventDefinitions);

/**
 * A stored event of a subscription stream. v1 announcements (old streams, and the twins of
 * personal plans') read as v2 of a personal plan: `team` null.
 */
export function readSubscriptionEvent(event: StoredEvent): SubscriptionEvent | undefined {
  const v1 = announcementsV1.get(event.type);
  if (v1 && event.version === 1) {
    const data = v1.schema.parse(event.data) as object;
    return { type: event.type, data: { ...data, team: null } } as SubscriptionEvent;
  }
  return readCurrent(event);
}

/** Announcements with `team` are v2; their twins (and every other event) v1. */
export const versionOfSubscriptionEvent = (event: SubscriptionEvent): number =>
  announcementsV1.has(event.type) && !isV1Announcement(event) ? 2 : 1;
