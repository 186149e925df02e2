import { planTypeSchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// What billing knows of one customer (stream `customer-<userId>`): the provider's customer,
// the tools owned for life, the subscriptions and the saved card. Never published.

export const CustomerProfileRecorded = defineDomainEvent(
  'CustomerProfileRecorded',
  z.object({ userId: z.uuid(), email: z.string().min(1), name: z.string() }),
);

export const ProviderCustomerLinked = defineDomainEvent(
  'ProviderCustomerLinked',
  z.object({ userId: z.uuid(), providerCustomerId: z.string().min(1) }),
);

/** A checkout for a tool began; its payment is reused until it succeeds or is abandoned. */
export const PurchaseOpened = defineDomainEvent(
  'PurchaseOpened',
  z.object({ userId: z.uuid(), productId: z.string().min(1), paymentId: z.uuid() }),
);

/** The provider abandoned the purchase's PaymentIntent (canceled): the next checkout starts anew. */
export const PurchaseAbandoned = defineDomainEvent(
  'PurchaseAbandoned',
  z.object({ userId: z.uuid(), productId: z.string().min(1), paymentId: z.uuid() }),
);

export const ProductOwned = defineDomainEvent(
  'ProductOwned',
  z.object({ userId: z.uuid(), productId: z.string().min(1), paymentId: z.uuid() }),
);

/** The payment that bought the tool was fully refunded or lost a dispute: it may be bought again. */
export const ProductReleased = defineDomainEvent(
  'ProductReleased',
  z.object({
    userId: z.uuid(),
    productId: z.string().min(1),
    paymentId: z.uuid(),
    /** `admin`: an admin revoked the tool in access (AccessRevoked, reason admin). */
    reason: z.enum(['refund', 'dispute', 'admin']),
  }),
);

export const customerSubscriptionStates = ['pending', 'active', 'ended'] as const;
export type CustomerSubscriptionState = (typeof customerSubscriptionStates)[number];

export const CustomerSubscriptionNoted = defineDomainEvent(
  'CustomerSubscriptionNoted',
  z.object({
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    plan: planTypeSchema,
    state: z.enum(customerSubscriptionStates),
  }),
);

export const CardSaved = defineDomainEvent(
  'CardSaved',
  z.object({
    userId: z.uuid(),
    brand: z.string().min(1),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
  }),
);

export const customerEventDefinitions = [
  CustomerProfileRecorded,
  ProviderCustomerLinked,
  PurchaseOpened,
  PurchaseAbandoned,
  ProductOwned,
  ProductReleased,
  CustomerSubscriptionNoted,
  CardSaved,
] as const;

export type CustomerEvent =
  | EventOf<typeof CustomerProfileRecorded>
  | EventOf<typeof ProviderCustomerLinked>
  | EventOf<typeof PurchaseOpened>
  | EventOf<typeof PurchaseAbandoned>
  | EventOf<typeof ProductOwned>
  | EventOf<typeof ProductReleased>
  | EventOf<typeof CustomerSubscriptionNoted>
  | EventOf<typeof CardSaved>;
