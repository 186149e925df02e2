import type {
  DisputeOutcome,
  PaymentFailedV1Data,
  PaymentPurpose,
  PaymentSucceededV1Data,
  RefundPlanAction,
} from '@mia/contracts';

// The payment decider's commands and state, apart from its rules, so policies the decider
// applies (refunds) can read them without importing the decider.

/** What a checkout fixes when it starts: the price and the discount the payment must match. */
export interface CheckoutTerms {
  paymentId: string;
  userId: string;
  purpose: PaymentPurpose;
  amountCents: number;
  currency: string;
  description: string;
  discountCents?: number;
  promotionCode?: string | null;
}

export type PaymentCommand =
  /** A checkout opened this payment (nothing if it was started already). */
  | ({ kind: 'start' } & CheckoutTerms)
  /**
   * A checkout resumed with the catalogue's current terms: started again (a new PaymentStarted)
   * if they differ from the latest start and nothing was paid yet.
   */
  | ({ kind: 'reprice' } & CheckoutTerms)
  | { kind: 'attach-intent'; paymentId: string; providerPaymentId: string }
  /** The provider says the money arrived (confirm-payment, payment_intent.succeeded, invoice.paid). */
  | {
      kind: 'succeed';
      payment: PaymentSucceededV1Data;
      receiptUrl: string | null;
      /**
       * What a plan invoice had to collect (its subscription's price at the provider); a tool
       * payment is held to its latest PaymentStarted instead. Absent or null: not checked.
       */
      expected?: { amountCents: number; currency: string } | null;
    }
  /** One failed attempt, keyed by what identifies it at the provider (the charge). */
  | { kind: 'fail'; attempt: string; failure: PaymentFailedV1Data }
  /** The provider's running total refunded on the payment's charge. */
  | {
      kind: 'refund';
      paymentId: string;
      refundedTotalCents: number;
      refundedAt: string;
    }
  /** Staff refunds (all of what is left, or `amountCents`); plans need a `planAction`. */
  | {
      kind: 'request-refund';
      paymentId: string;
      adminId: string;
      planAction?: RefundPlanAction | undefined;
      amountCents?: number | undefined;
    }
  /** The provider refused the refund just requested: forget its plan action. */
  | { kind: 'withdraw-refund-request'; paymentId: string; reason: string }
  | ({ kind: 'dispute'; paymentId: string } & DisputeFacts)
  | ({ kind: 'close-dispute'; paymentId: string; outcome: DisputeOutcome } & DisputeFacts)
  | { kind: 'mark-receipt-sent'; paymentId: string }
  | { kind: 'mark-renewal-failure-notified'; paymentId: string };

/** What the provider says of a dispute besides its outcome. */
export interface DisputeFacts {
  disputeId: string;
  reason: string;
  /** An inquiry (`warning_*`): nothing is suspended unless it escalates. */
  inquiry: boolean;
  evidenceDueBy: string | null;
}

export interface DisputeState {
  reason: string;
  inquiry: boolean;
  evidenceDueBy: string | null;
  outcome: DisputeOutcome | null;
  /** PaymentDisputed appended (v1 twin included). */
  announced: boolean;
  /** Whether the last PaymentDisputed announced an inquiry (an escalation is announced again). */
  announcedInquiry: boolean;
  /** DisputeClosed appended. */
  closed: boolean;
}

/** A staff refund asked for and not yet reported by the provider. */
export interface PendingRefund {
  amountCents: number;
  refundedBeforeCents: number;
  planAction: RefundPlanAction | null;
}

export interface PaymentState {
  /** The latest PaymentStarted's terms. */
  started: {
    userId: string;
    purpose: PaymentPurpose;
    amountCents: number;
    currency: string;
    description: string;
    discountCents: number;
    promotionCode: string | null;
  } | null;
  /** The provider reported it paid with other terms than started (PaymentMismatched). */
  mismatched: { providerPaymentId: string; paidCents: number; paidCurrency: string } | null;
  providerPaymentId: string | null;
  succeeded: PaymentSucceededV1Data | null;
  failedAttempts: string[];
  /** Announced in PaymentRefunded events. */
  refundedCents: number;
  /** Reported before the success; announced when it arrives. */
  notedRefund: { totalCents: number; refundedAt: string } | null;
  /** The latest staff refund request, until the provider's refund is announced. */
  pendingRefund: PendingRefund | null;
  /** A v2 refund event was just folded: its v1 twin that follows must not count again. */
  refundTwinDue: boolean;
  disputes: Record<string, DisputeState>;
  receiptUrl: string | null;
  receiptSent: boolean;
  renewalFailureNotified: boolean;
}
