import { randomUUID } from 'node:crypto';
import { products } from '@mia/catalog';
import {
  DisputeClosedV2,
  PaymentDisputedV2,
  PaymentRefundedV2,
  PaymentSucceededV2,
  SubscriptionActivatedV2,
  type EventEnvelope,
} from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessTestBed,
  consumerSettled,
  envelopeOf,
  publishRaw,
} from '../access-harness.fixture.js';
import { loadGrants } from './entitlements.js';
import { usable } from './grants.js';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

// Refunds and disputes of plans and tools as billing's v2 events report them (issue 20, item 3):
// each user below gets one story, published twice and consumed by access.
describe('refunds and disputes of plans and tools (v2 events)', () => {
  const bed = accessTestBed();

  const usableNow = async (userId: string) => {
    const grants = await loadGrants(bed.access.ctx.commands, userId);
    return products.filter((p) => usable(grants, p.id, new Date()).allowed).map((p) => p.id);
  };
  const source = (streamId: string, streamVersion: number) => ({ streamId, streamVersion });

  function planStory(userId: string) {
    const subscriptionId = randomUUID();
    const invoicePaymentId = randomUUID();
    const purpose = { kind: 'subscription', subscriptionId, plan: 'monthly' } as const;
    const activated = envelopeOf(
      SubscriptionActivatedV2,
      { team: null, subscriptionId, userId, plan: 'monthly', currentPeriodEnd: inDays(30) },
      source(`subscription-${subscriptionId}`, 1),
    );
    const pay = (v: number) => source(`payment-${invoicePaymentId}`, v);
    return { subscriptionId, invoicePaymentId, purpose, activated, pay };
  }

  const refund = (
    userId: string,
    paymentId: string,
    purpose: object,
    amountCents: number,
    full: boolean,
    planAction: 'cancel_now' | 'keep' | null,
    at: { streamId: string; streamVersion: number },
  ) =>
    envelopeOf(
      PaymentRefundedV2,
      {
        paymentId,
        userId,
        purpose,
        amountCents,
        full,
        planAction,
        refundedAt: new Date().toISOString(),
      },
      at,
    );
  const disputed = (
    userId: string,
    paymentId: string,
    purpose: object,
    inquiry: boolean,
    at: { streamId: string; streamVersion: number },
    disputeId = `dp_${paymentId.slice(0, 8)}`,
  ) =>
    envelopeOf(
      PaymentDisputedV2,
      {
        paymentId,
        userId,
        purpose,
        disputeId,
        reason: inquiry ? 'general' : 'fraudulent',
        inquiry,
        amountCents: 2000,
        currency: 'usd',
        evidenceDueBy: inDays(7),
      },
      at,
    );
  const closed = (
    userId: string,
    paymentId: string,
    purpose: object,
    outcome: 'won' | 'lost' | 'warning_closed' | 'prevented',
    at: { streamId: string; streamVersion: number },
  ) =>
    envelopeOf(
      DisputeClosedV2,
      { paymentId, userId, purpose, disputeId: `dp_${paymentId.slice(0, 8)}`, outcome },
      at,
    );

  it('plan refunds, partial tool refunds, inquiries and plan disputes', async () => {
    const all = products.map((p) => p.id);
    const [cancelled, kept, partial, inquirer, planLost, planWon] = Array.from({ length: 6 }, () =>
      randomUUID(),
    ) as [string, string, string, string, string, string];
    const events: EventEnvelope[] = [];

    // A plan refunded with cancel_now: no tool is usable any more.
    const a = planStory(cancelled);
    events.push(
      a.activated,
      refund(cancelled, a.invoicePaymentId, a.purpose, 2000, true, 'cancel_now', a.pay(3)),
    );
    // A plan refunded as goodwill (keep): every tool stays usable.
    const b = planStory(kept);
    events.push(
      b.activated,
      refund(kept, b.invoicePaymentId, b.purpose, 2000, true, 'keep', b.pay(3)),
    );
    // A tool refunded in part: still owned.
    const toolPayment = randomUUID();
    const tool = { kind: 'product', productId: 'apocalipsis' };
    events.push(
      envelopeOf(
        PaymentSucceededV2,
        {
          paymentId: toolPayment,
          userId: partial,
          purpose: tool,
          amountCents: 999,
          currency: 'usd',
          provider: 'sandbox',
          providerPaymentId: 'pi_partial',
          description: 'Estudio de Apocalipsis',
          paidAt: new Date().toISOString(),
          cardLast4: '4242',
          cardBrand: 'visa',
          discountCents: 0,
          promotionCode: null,
        },
        source(`payment-${toolPayment}`, 1),
      ),
      refund(partial, toolPayment, tool, 300, false, null, source(`payment-${toolPayment}`, 3)),
    );
    // An inquiry on a plan payment: nothing is suspended.
    const c = planStory(inquirer);
    events.push(c.activated, disputed(inquirer, c.invoicePaymentId, c.purpose, true, c.pay(3)));
    // A chargeback on a plan payment, lost: the plan ends.
    const d = planStory(planLost);
    events.push(
      d.activated,
      disputed(planLost, d.invoicePaymentId, d.purpose, false, d.pay(3)),
      closed(planLost, d.invoicePaymentId, d.purpose, 'lost', d.pay(5)),
    );
    // A chargeback on a plan payment, prevented: the plan opens again.
    const e = planStory(planWon);
    events.push(
      e.activated,
      disputed(planWon, e.invoicePaymentId, e.purpose, false, e.pay(3)),
      closed(planWon, e.invoicePaymentId, e.purpose, 'prevented', e.pay(5)),
    );
    await publishRaw(bed.nats, events, 2);
    await consumerSettled(bed.nats, 'entitlements');

    expect(await usableNow(cancelled)).toEqual([]);
    expect(await usableNow(kept)).toEqual(all);
    expect(await usableNow(partial)).toEqual(['apocalipsis']);
    expect(await usableNow(inquirer)).toEqual(all);
    expect(await usableNow(planLost)).toEqual([]);
    expect(await usableNow(planWon)).toEqual(all);
    // The refund and the activation come from two billing streams, so either may be handled
    // first: the plan's grant is then revoked by the refund, or never opened at all.
    for (const grant of await loadGrants(bed.access.ctx.commands, cancelled)) {
      expect(grant).toMatchObject({ status: 'revoked', revokedReason: 'refund' });
    }
  });

  it('a plan dispute still open keeps the plan suspended', async () => {
    const userId = randomUUID();
    const s = planStory(userId);
    await publishRaw(bed.nats, [
      s.activated,
      disputed(userId, s.invoicePaymentId, s.purpose, false, s.pay(3)),
    ]);
    await consumerSettled(bed.nats, 'entitlements');
    expect(await usableNow(userId)).toEqual([]);
    const [grant] = await loadGrants(bed.access.ctx.commands, userId);
    expect(grant).toMatchObject({
      grantId: `subscription:${s.subscriptionId}`,
      status: 'suspended',
    });
  });
});
