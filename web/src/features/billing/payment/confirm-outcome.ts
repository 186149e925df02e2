/** What confirming a PaymentIntent or SetupIntent with the provider came to. */
export type ConfirmOutcome =
  /** The provider took the card: the intent's id, for `POST /api/confirm-payment`. */
  | { kind: 'succeeded'; intentId: string }
  /** The provider refused (a decline, a bad number): its message, for 'Payment Failed'. */
  | { kind: 'declined'; message: string }
  /** Neither yet (processing, an action required): the provider's status. */
  | { kind: 'incomplete'; status: string };

/** Which kind of intent a client secret belongs to. */
export type IntentKind = 'payment' | 'setup';

/** What a card section lends the form around it. */
export interface CardSectionHandle {
  /** Shows the card fields' own errors; false when something is missing. */
  validate(): boolean;
  /**
   * Confirms the intent with what the card fields hold. Throws when the provider could not be
   * reached or answered something unreadable (the page's 'Payment Error').
   */
  confirm(): Promise<ConfirmOutcome>;
}
