import { randomUUID } from 'node:crypto';
import { PlanPriceChangedV1, type PlanPriceChangedV1Data } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_WAIT_MS,
  startBillingHarness,
  subscribe,
  type BillingHarness,
  type Caller,
} from '../../testing/billing-harness.fixture.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The catalogue's PlanPriceChanged, appended to billing's store as billing appends its events:
 * the relay publishes it and billing's own consumer reacts, as it will to the owner's change.
 */
async function announcePlanPrice(h: BillingHarness, data: PlanPriceChangedV1Data) {
  await h.service.ctx.events.append(`plan-${data.planType}-test-${randomUUID()}`, 'no-stream', [
    { type: PlanPriceChangedV1.type, version: PlanPriceChangedV1.version, data },
  ]);
}

describe('a plan price change moves subscribers at the first renewal 7 days after the notice', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  /** Billing's clock and the provider's move together (renewals, the 7 days). */
  async function advanceDays(days: number) {
    h.clock.advance(days * DAY_MS);
    await h.advanceDays(days);
  }

  const subscriptionOf = async (caller: Caller) =>
    (await h.waitForEvent('SubscriptionActivated', (d) => d.userId === caller.userId)).data
      .subscriptionId as string;

  const planCharges = async (caller: Caller) =>
    (await h.events('PaymentSucceeded'))
      .filter((e) => e.data.userId === caller.userId)
      .map((e) => e.data.amountCents);

  const moveEvents = async (subscriptionId: string) =>
    (await h.events())
      .filter((e) => e.streamId === `plan-price-move-${subscriptionId}`)
      .map((e) => e.type);

  const renewals = async (caller: Caller) =>
    (await h.events('SubscriptionRenewed')).filter((e) => e.data.userId === caller.userId);

  it('notice mail; a renewal under 7 days later charges the old price, the next the new one', async () => {
    // Ana's period ends 4-5 days after the notice; Bea's a month after it.
    const ana = await h.signIn({ name: 'Ana' });
    await subscribe(h, ana, 'monthly');
    await h.settled();
    const anaSub = await subscriptionOf(ana);
    await advanceDays(26);
    const bea = await h.signIn({ name: 'Bea' });
    await subscribe(h, bea, 'monthly');
    await h.settled();
    const beaSub = await subscriptionOf(bea);
    // Someone on the other plan is not told.
    const eli = await h.signIn({ name: 'Eli' });
    await subscribe(h, eli, 'annual');
    await h.settled();

    const change: PlanPriceChangedV1Data = {
      planType: 'monthly',
      priceCents: 2500,
      previousPriceCents: 2000,
      currency: 'usd',
      interval: 'month',
      changedAt: h.clock().toISOString(),
    };
    await announcePlanPrice(h, change);

    const notices = await waitFor(
      async () => {
        const sent = (await h.mails()).filter((m) => m.kind === 'plan-price-change');
        return sent.length >= 2 ? sent : undefined;
      },
      { message: 'the notice mails', timeoutMs: EVENT_WAIT_MS },
    );
    expect(notices.map((m) => m.to).sort()).toEqual([ana.email, bea.email].sort());
    const anaNotice = notices.find((m) => m.to === ana.email)!;
    expect(anaNotice.subject).toBe('Cambia el precio de tu Plan Mensual');
    expect(anaNotice.text).toContain('pasa de $20.00 USD a $25.00 USD al mes');

    // The same change delivered again tells nobody twice.
    await announcePlanPrice(h, change);

    // Ana's renewal comes too soon: it waits. Bea's is far enough: the provider item moves now.
    await h.service.deps.priceMoves.sweep();
    expect(await moveEvents(anaSub)).toEqual(['PlanPriceMoveNoticed', 'PlanPriceMoveWaiting']);
    expect(await moveEvents(beaSub)).toEqual(['PlanPriceMoveNoticed', 'PlanPriceMoveScheduled']);

    // Ana renews at the old price; the renewal makes the next one due for the new price.
    await advanceDays(6);
    await waitFor(async () => (await renewals(ana))[0], { message: "Ana's first renewal" });
    expect(await planCharges(ana)).toEqual([2000, 2000]);
    await waitFor(
      async () => (await moveEvents(anaSub)).includes('PlanPriceMoveRenewalSeen') || undefined,
      { message: 'the renewal noted for the move', timeoutMs: EVENT_WAIT_MS },
    );
    await h.service.deps.priceMoves.sweep();
    expect((await moveEvents(anaSub)).at(-1)).toBe('PlanPriceMoveScheduled');

    // Bea's renewal (a month after she subscribed, ≥ 7 days after the notice) is the new price.
    await advanceDays(26);
    await waitFor(async () => (await renewals(bea))[0], { message: "Bea's renewal" });
    expect(await planCharges(bea)).toEqual([2000, 2500]);
    await waitFor(async () => (await moveEvents(beaSub)).includes('PlanPriceMoved') || undefined, {
      message: "Bea's move",
      timeoutMs: EVENT_WAIT_MS,
    });
    expect(await planCharges(ana)).toEqual([2000, 2000]);

    // Ana's following renewal charges the new price.
    await advanceDays(6);
    await waitFor(async () => (await renewals(ana))[1], { message: "Ana's second renewal" });
    expect(await planCharges(ana)).toEqual([2000, 2000, 2500]);
    await waitFor(async () => (await moveEvents(anaSub)).includes('PlanPriceMoved') || undefined, {
      message: "Ana's move",
      timeoutMs: EVENT_WAIT_MS,
    });

    // A renewal at the new price is the plan's money (no mismatch held for staff); one notice each.
    expect(await h.events('SubscriptionInvoiceMismatched')).toEqual([]);
    expect((await h.mails()).filter((m) => m.kind === 'plan-price-change')).toHaveLength(2);
    expect(await planCharges(eli)).toEqual([6500]);
  });
});
