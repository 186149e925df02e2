// The three views the ledger compares (the Jepsen way: what the outside world says happened
// against what each part of the system recorded). Plain data, so the classification is pure and
// unit-tested with given views; the readers (provider.ts, services.ts) fill them after a run.

/** What a PaymentIntent paid for, as the provider knows it (our ids are in its metadata). */
export type ProviderPurpose =
  | { kind: 'product'; productId: string; paymentId: string }
  | { kind: 'subscription'; providerSubscriptionId: string; subscriptionId: string };

/** A PaymentIntent the provider says succeeded, with what happened to its charge since. */
export interface ProviderPayment {
  providerPaymentId: string;
  userId: string;
  purpose: ProviderPurpose;
  amountCents: number;
  refundedCents: number;
  /** The latest dispute on its charge, if any. */
  dispute: 'open' | 'won' | 'lost' | null;
  /** That dispute's own status at the provider (`needs_response`, `warning_closed`...). */
  disputeStatus?: string | null;
  /** The plan action staff chose for each refund of it (a plan payment's refund metadata). */
  refundPlanActions?: string[];
}

/** One of our subscriptions as the provider holds it now. */
export interface ProviderSubscription {
  providerSubscriptionId: string;
  subscriptionId: string;
  userId: string;
  status: string;
  /** Seconds since the epoch (Stripe's unit). */
  currentPeriodEnd: number | null;
}

/**
 * A period of one of our plans that an invoice paid for (the first invoice, a renewal, a paid
 * plan change; one for nothing included): the end of its subscription line, not prorations.
 */
export interface PaidPlanPeriod {
  invoiceId: string;
  /** The PaymentIntent that paid it (absent: paid without one, or not read). */
  providerPaymentId?: string;
  providerSubscriptionId: string;
  subscriptionId: string;
  userId: string;
  /** Seconds since the epoch (Stripe's unit). */
  periodEnd: number;
}

export interface ProviderView {
  payments: ProviderPayment[];
  subscriptions: ProviderSubscription[];
  /** Absent: not read (plan periods are then not checked). */
  paidPlanPeriods?: PaidPlanPeriod[];
}

/** A row of billing's payments. */
export interface BillingPayment {
  paymentId: string;
  userId: string;
  providerPaymentId: string | null;
  kind: string;
  productId: string | null;
  subscriptionId: string | null;
  status: string;
  amountCents: number;
  refundedCents: number;
}

/**
 * A payment billing listed for staff review (billing.payment_reviews): the provider took other
 * money than the checkout started with, so nothing may be granted for it.
 */
export interface BillingReview {
  paymentId: string;
  userId: string;
  providerPaymentId: string;
  expectedCents: number;
  expectedCurrency: string;
  paidCents: number;
  paidCurrency: string;
}

/** A row of access's payment history (the dashboard's source). */
export interface AccessPayment {
  paymentId: string;
  userId: string;
  succeeded: boolean;
  fullyRefunded: boolean;
  refundedCents: number;
}

/** A row of access's grants. */
export interface Grant {
  userId: string;
  grantId: string;
  scope: string;
  sourceKind: string;
  sourceRef: string;
  status: string;
  validUntil: Date | null;
  /** Why a revoked grant was revoked (`refund`, `admin`...); absent: not read. */
  revokedReason?: string | null;
}

/** An access window access opened or moved for a paid plan period (its SubscriptionTermNoted). */
export interface AccessTerm {
  userId: string;
  /** `subscription:<subscriptionId>`. */
  grantId: string;
  periodEnd: Date;
}

/** What GET /api/dashboard showed one user: its payment history and the tools it holds. */
export interface DashboardView {
  userId: string;
  paymentIds: string[];
  purchasedProductIds: string[];
}

/**
 * An event that must happen once per payment found more than once in a service's store (a
 * redelivery that had its effect twice, even if the tables it feeds upsert it away).
 */
export interface RepeatedEvent {
  service: 'billing' | 'access';
  type: string;
  paymentId: string;
  count: number;
}

export interface LedgerViews {
  provider: ProviderView;
  billing: BillingPayment[];
  /** Billing's review list of mismatched payments; absent: read as empty. */
  reviews?: BillingReview[];
  /** A tool's catalogue price, to find a mismatch billing did not list; absent: not checked. */
  toolPriceCents?: (productId: string) => number | undefined;
  /**
   * The promotion discount billing fixed for a tool payment (our paymentId): a tool bought with
   * a code is paid its price less this. Absent, or no entry: no discount.
   */
  discountCents?: (paymentId: string) => number | undefined;
  /** `terms` absent: access's plan windows were not read (not checked). */
  access: { payments: AccessPayment[]; grants: Grant[]; terms?: AccessTerm[] };
  /** Absent: the stores were not read (only the tables). */
  repeatedEvents?: RepeatedEvent[];
  /** Per user asked; users left out are not checked through the gateway. */
  dashboards: DashboardView[];
}
