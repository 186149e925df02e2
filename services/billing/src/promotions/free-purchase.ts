import type { CreatePaymentIntentResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { syncOwnership } from '../payments/payment-commands.js';
import { expectedOf, paymentDecider, type PaymentState } from '../payments/payment-decider.js';
import { callProvider } from '../provider/provider-errors.js';
import { paymentStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';

/** Stands for the provider's id of a payment nobody was charged for (a 100 % code). */
export const freePaymentId = (paymentId: string): string => `free-${paymentId}`;

/**
 * A tool whose code takes the whole price: no PaymentIntent (the provider charges nothing
 * below 0.50 USD and a card would be asked for nothing). The payment succeeds at once through
 * the same PaymentSucceeded as a paid one, so access grants the tool and the receipt is sent as
 * for any purchase. A PaymentIntent a resumed checkout had opened is canceled first (outside
 * any transaction), so it cannot be paid as well.
 */
export async function completeFreePurchase(
  billing: Billing,
  paymentId: string,
  payment: PaymentState,
): Promise<CreatePaymentIntentResponse> {
  const started = payment.started!;
  if (payment.providerPaymentId) {
    const id = payment.providerPaymentId;
    await callProvider(() => billing.provider.stripe.paymentIntents.cancel(id)).catch(
      (err: unknown) => billing.logger.warn({ err, id }, 'open PaymentIntent not canceled'),
    );
  }
  await transact(billing, async (session) => {
    const { state } = await decideIn(billing, session, paymentStreamId(paymentId), paymentDecider, {
      kind: 'succeed',
      payment: {
        paymentId,
        userId: started.userId,
        purpose: started.purpose,
        amountCents: expectedOf(started).amountCents,
        currency: started.currency,
        provider: billing.provider.name,
        providerPaymentId: freePaymentId(paymentId),
        description: started.description,
        paidAt: billing.clock().toISOString(),
        cardLast4: null,
        cardBrand: null,
      },
      receiptUrl: null,
    });
    await syncOwnership(billing, session, state);
  });
  return { clientSecret: '', amountCents: 0, discountCents: started.discountCents };
}
