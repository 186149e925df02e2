import { planName } from '@mia/catalog';
import { PaymentFailedV1 } from '@mia/contracts';
import { enqueueMail, fold, on, readEvents } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { paymentStreamId, subscriptionStreamId } from '../shared/ids.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import { optionalMailsAllowed } from '../preferences/mail-preferences.js';
import { recipientOf } from './recipient.js';
import { renewalFailedMail } from './templates/renewal-failed.js';

/**
 * Tells the customer a renewal could not be charged, once per renewal. A first invoice's
 * decline is not mailed: the checkout shows it as it happens. Optional: skipped for a user who
 * turned e-mail notifications off. Queued with the decision and sent after commit.
 */
export const notifyRenewalFailureOnPaymentFailed = (
  billing: Pick<Billing, 'schema' | 'logger' | 'config'>,
) =>
  on<typeof PaymentFailedV1, BillingTx>(PaymentFailedV1, async (data, _envelope, ctx) => {
    if (data.purpose.kind !== 'subscription') return;
    const stored = await ctx.readStream(subscriptionStreamId(data.purpose.subscriptionId));
    const subscription = fold(subscriptionDecider, readEvents(subscriptionDecider, stored));
    if (!subscription.activated || subscription.ended) return;
    // An optional mail: not sent to a user who turned e-mail notifications off.
    if (!(await optionalMailsAllowed(ctx, data.userId))) return;
    const to = await recipientOf(ctx.tx, data.userId);
    if (!to) {
      billing.logger.warn({ paymentId: data.paymentId }, 'no address on record for the notice');
      return;
    }
    const { decided } = await ctx.decide(paymentStreamId(data.paymentId), paymentDecider, {
      kind: 'mark-renewal-failure-notified',
      paymentId: data.paymentId,
    });
    if (decided.length === 0) return;
    const mail = renewalFailedMail(to.locale, {
      name: to.name,
      siteUrl: billing.config.PUBLIC_ORIGIN,
      planName: planName(data.purpose.plan),
      amountCents: data.amountCents,
      reason: data.message,
    });
    await enqueueMail(ctx.sql, billing.schema, {
      key: `renewal-failed:${data.paymentId}`,
      mail: { to: to.email, ...mail, meta: { kind: 'renewal-failed', paymentId: data.paymentId } },
    });
  });
