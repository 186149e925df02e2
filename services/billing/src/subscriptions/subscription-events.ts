import {
  planTypeSchema,
  SubscriptionActivatedV1,
  SubscriptionChangedV1,
  SubscriptionEndedV1,
  SubscriptionRenewedV1,
  type SubscriptionActivatedV1Data,
  type SubscriptionChangedV1Data,
  type SubscriptionEndedV1Data,
  type SubscriptionRenewedV1Data,
} from '@mia/contracts';
import { defineDomainEvent, type DomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// One stream per subscription (`subscription-<subscriptionId>`, our id; the provider's
// `sub_...` is linked to it).

/** A checkout created the subscription; nothing is granted until its first invoice is paid. */
export const SubscriptionOpened = defineDomainEvent(
  'SubscriptionOpened',
  z.object({ subscriptionId: z.uuid(), userId: z.uuid(), plan: planTypeSchema }),
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
  SubscriptionActivatedV1,
  SubscriptionRenewedV1,
  SubscriptionChangedV1,
  SubscriptionEndedV1,
  SubscriptionPeriodNoted,
  SubscriptionChangeDeclined,
  SubscriptionInvoiceMismatched,
] as const;

export type SubscriptionEvent =
  | EventOf<typeof SubscriptionOpened>
  | EventOf<typeof SubscriptionProviderLinked>
  | EventOf<typeof SubscriptionInvoicePaid>
  | DomainEvent<'SubscriptionActivated', SubscriptionActivatedV1Data>
  | DomainEvent<'SubscriptionRenewed', SubscriptionRenewedV1Data>
  | DomainEvent<'SubscriptionChanged', SubscriptionChangedV1Data>
  | DomainEvent<'SubscriptionEnded', SubscriptionEndedV1Data>
  | EventOf<typeof SubscriptionPeriodNoted>
  | EventOf<typeof SubscriptionChangeDeclined>
  | EventOf<typeof SubscriptionInvoiceMismatched>;
