import type { EventDefinition } from './envelope.js';
import { eventKey } from './envelope.js';
import {
  AccessCodeRotatedV1,
  AccessExtendedV1,
  AccessGrantedV1,
  AccessRestoredV1,
  AccessRevokedV1,
  AccessSuspendedV1,
  GptOpenedV1,
  GptOpenedV2,
  NotificationSettingsChangedV1,
  AccessExportPartReadyV1,
  AccessGrantedV2,
  AccessRevokedV2,
  TeamRosterChangedV1,
  GiftClaimedV1,
} from './access/index.js';
import {
  DisputeClosedV1,
  DisputeClosedV2,
  PaymentDisputedV1,
  PaymentDisputedV2,
  PaymentFailedV1,
  PaymentRefundedV1,
  PaymentRefundedV2,
  PaymentSucceededV1,
  PaymentSucceededV2,
  SubscriptionActivatedV1,
  SubscriptionChangedV1,
  SubscriptionEndedV1,
  SubscriptionRenewedV1,
  TrialStartedV1,
  ProductPublishedV1,
  ProductChangedV1,
  ProductRetiredV1,
  PlanPriceChangedV1,
  BillingExportPartReadyV1,
  SubscriptionActivatedV2,
  SubscriptionRenewedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  GiftPaidV1,
  GiftRefundedV1,
} from './billing/index.js';
import {
  OAuthGrantRevokedV1,
  PasswordChangedV1,
  SessionsRevokedV1,
  UserEmailVerifiedV1,
  UserRegisteredV1,
  UserRoleChangedV2,
  AccountExportRequestedV1,
} from './identity/index.js';
import {
  TicketMessagePostedV1,
  TicketOpenedV1,
  TicketStatusChangedV1,
  SupportExportPartReadyV1,
} from './support/index.js';

/** Every integration event known to the system, for consumers that validate by key. */
export const integrationEvents: readonly EventDefinition[] = [
  // identity
  UserRegisteredV1,
  PasswordChangedV1,
  SessionsRevokedV1,
  UserRoleChangedV2,
  UserEmailVerifiedV1,
  OAuthGrantRevokedV1,
  // billing
  PaymentSucceededV1,
  PaymentFailedV1,
  PaymentRefundedV1,
  PaymentDisputedV1,
  DisputeClosedV1,
  SubscriptionActivatedV1,
  SubscriptionRenewedV1,
  SubscriptionChangedV1,
  SubscriptionEndedV1,
  TrialStartedV1,
  // v2 of the refund and dispute events carry the payment's purpose; v1 is no longer appended
  // (no consumer declares it) but stays known: billing's older streams hold v1 twins
  PaymentRefundedV2,
  PaymentDisputedV2,
  DisputeClosedV2,
  // v2 carries the promotion code's discount; v1 is no longer appended (no consumer declares
  // it) but stays known: billing's older payment streams hold it
  PaymentSucceededV2,
  // the catalogue, owned by billing (ADR 0018)
  ProductPublishedV1,
  ProductChangedV1,
  ProductRetiredV1,
  PlanPriceChangedV1,
  // churches and gifts (ADR 0020): v2 of the subscription events says whether the plan is a
  // team's; gifts are paid and refunded as gifts, never as a purchase of the buyer's
  SubscriptionActivatedV2,
  SubscriptionRenewedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  GiftPaidV1,
  GiftRefundedV1,
  // access
  AccessGrantedV1,
  AccessExtendedV1,
  AccessRevokedV1,
  AccessSuspendedV1,
  AccessRestoredV1,
  GptOpenedV1,
  AccessCodeRotatedV1,
  NotificationSettingsChangedV1,
  // v2 says how the GPT identified the user (code or OAuth); v1 stays while declared
  GptOpenedV2,
  // team seats and gifts (ADR 0020)
  AccessGrantedV2,
  AccessRevokedV2,
  TeamRosterChangedV1,
  GiftClaimedV1,
  // support
  TicketOpenedV1,
  TicketMessagePostedV1,
  TicketStatusChangedV1,
  // account export (privacy): the request, and each service's sealed part
  AccountExportRequestedV1,
  BillingExportPartReadyV1,
  AccessExportPartReadyV1,
  SupportExportPartReadyV1,
];

const byKey = new Map(integrationEvents.map((d) => [eventKey(d), d]));

export const findEventDefinition = (type: string, version: number): EventDefinition | undefined =>
  byKey.get(`${type}.v${version}`);
