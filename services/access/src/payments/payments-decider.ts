import { readerOf, type Decider } from '@mia/service-kit';
import { paymentEventDefinitions, type PaymentEvent } from './payment-events.js';

/** Each of billing's payment facts, as access records it once. */
export type PaymentCommand = { kind: 'note'; event: PaymentEvent };

export interface PaymentsState {
  /** Keys of the facts already recorded (see factKey). */
  noted: Record<string, true>;
}

/** A refund is told apart from another of the same payment by its time and amount. */
export function factKey(event: PaymentEvent): string {
  switch (event.type) {
    case 'PaymentSucceededNoted':
      return `succeeded:${event.data.paymentId}`;
    case 'PaymentFailedNoted':
      return `failed:${event.data.paymentId}:${event.data.at}`;
    case 'PaymentRefundNoted':
      return `refund:${event.data.paymentId}:${event.data.at}:${event.data.amountCents}`;
  }
}

/**
 * A user's payment history as facts from billing. The inbox already drops redeliveries; this
 * also keeps a reprocessed consumer (inbox emptied, events read again) from recording twice.
 */
export const paymentsDecider: Decider<PaymentCommand, PaymentsState, PaymentEvent> = {
  name: 'payments',
  initialState: () => ({ noted: {} }),
  evolve: (state, event) => ({ noted: { ...state.noted, [factKey(event)]: true } }),
  decide: ({ event }, state) => (state.noted[factKey(event)] ? [] : [event]),
  read: readerOf<PaymentEvent>(paymentEventDefinitions),
};
