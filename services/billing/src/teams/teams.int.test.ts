import { TeamRosterChangedV1 } from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_WAIT_MS,
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

interface CreatedTeam {
  teamId: string;
  clientSecret: string;
  amountCents: number;
}

describe("churches' team plans against the Stripe sandbox (real SDK)", () => {
  let h: BillingHarness;
  let access: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startEventPublisher(h.db, h.nats, 'access');
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  /** A team plan's checkout as the page does it: create, confirm the card, confirm-payment. */
  async function buyTeam(owner: Caller, seats = 3, name = 'Iglesia Bautista Central') {
    const created = await owner.call<CreatedTeam>('POST', '/api/teams', {
      name,
      planType: 'monthly',
      seats,
    });
    expect(created.status).toBe(200);
    await h.confirmCard(created.body.clientSecret, TEST_CARDS.visa);
    const paymentIntentId = created.body.clientSecret.split('_secret_')[0]!;
    await owner.call('POST', '/api/confirm-payment', { paymentIntentId });
    await h.settled();
    return created.body;
  }

  const teamEvents = async (type: string, teamId: string) =>
    (await h.events(type)).filter(
      (e) => (e.data.team as { teamId?: string } | null)?.teamId === teamId,
    );

  async function reportRoster(teamId: string, seatsTaken: number, rosterVersion: number) {
    await access.store.append(`team-${teamId}`, 'any', [
      {
        type: TeamRosterChangedV1.type,
        data: {
          teamId,
          members: seatsTaken,
          pendingInvitations: 0,
          seatsTaken,
          rosterVersion,
          at: h.clock().toISOString(),
        },
      },
    ]);
    await h.waitForEvent(
      'TeamRosterNoted',
      (d) => d.teamId === teamId && d.rosterVersion === rosterVersion,
    );
  }

  it("checkout: quantity = seats at the plan price; paying activates it as v2 with the team, never the buyer's own plan", async () => {
    const owner = await h.signIn();
    const team = await buyTeam(owner, 3);
    expect(team.amountCents).toBe(3 * 2000);

    const [activated, ...more] = await teamEvents('SubscriptionActivated', team.teamId);
    expect(more).toEqual([]);
    expect(activated).toMatchObject({
      version: 2,
      data: {
        userId: owner.userId,
        plan: 'monthly',
        team: { teamId: team.teamId, name: 'Iglesia Bautista Central', seats: 3 },
      },
    });
    // No v1 twin: v1 cannot say that the plan opens nothing to its buyer.
    const v1 = (await h.events('SubscriptionActivated')).filter(
      (e) => e.version === 1 && e.data.userId === owner.userId,
    );
    expect(v1).toEqual([]);

    const overview = await owner.call<{
      plan: unknown;
      invoices: { description: string; amount: string }[];
    }>('GET', '/api/billing');
    expect(overview.body.plan).toBeNull();
    expect(overview.body.invoices).toMatchObject([
      { description: 'Plan de equipo «Iglesia Bautista Central» · 3 asientos', amount: '60.00' },
    ]);

    const english = await owner.call<{ invoices: { description: string }[] }>(
      'GET',
      '/api/billing',
      undefined,
      { 'accept-language': 'en' },
    );
    expect(english.body.invoices[0]?.description).toBe(
      'Team plan “Iglesia Bautista Central” · 3 seats',
    );

    // A team plan is not the buyer's plan: they may still buy their own, and another team.
    await subscribe(h, owner, 'monthly');
    await h.settled();
    expect((await owner.call<{ plan: unknown }>('GET', '/api/billing')).body.plan).toMatchObject({
      planType: 'monthly',
    });
    const personal = (await h.events('SubscriptionActivated')).filter(
      (e) => e.data.userId === owner.userId && !(e.data.team as object | null),
    );
    // A personal plan: v2 with team null, and no v1 twin (every consumer reads v2).
    expect(personal.map((e) => e.version)).toEqual([2]);
    const second = await buyTeam(owner, 2, 'Ministerio de Jóvenes');
    expect(second.teamId).not.toBe(team.teamId);

    const mails = await waitFor(
      async () => {
        const found = (await h.mails()).filter((m) => m.to === owner.email && m.kind === 'receipt');
        return found.length >= 3 ? found : null;
      },
      { message: 'the receipts', timeoutMs: EVENT_WAIT_MS },
    );
    expect(mails.map((m) => m.subject)).toContain(
      'Recibo del plan de tu iglesia: Iglesia Bautista Central',
    );
  });

  it('seats change with proration; refused below the seats taken (409); owner only (404); validation (400)', async () => {
    const owner = await h.signIn();
    const team = await buyTeam(owner, 3);
    const patch = (caller: Caller, body: unknown, headers?: Record<string, string>) =>
      caller.call('PATCH', `/api/teams/${team.teamId}`, body, headers);

    const more = await patch(owner, { seats: 5 });
    expect(more).toMatchObject({
      status: 200,
      body: { teamId: team.teamId, seats: 5, cancelAtPeriodEnd: false },
    });
    await h.settled();
    const changes = await teamEvents('SubscriptionChanged', team.teamId);
    expect(changes.at(-1)).toMatchObject({ version: 2, data: { team: { seats: 5 } } });
    // The added seats' proration was invoiced and paid at once; it renews nothing.
    expect(await teamEvents('SubscriptionRenewed', team.teamId)).toEqual([]);
    const overview = await owner.call<{ invoices: { description: string }[] }>(
      'GET',
      '/api/billing',
    );
    expect(overview.body.invoices[0]?.description).toBe(
      'Plan de equipo «Iglesia Bautista Central» · 5 asientos',
    );

    // Access reports 4 seats taken; an older report arriving later changes nothing.
    await reportRoster(team.teamId, 4, 7);
    await access.store.append(`team-${team.teamId}-late`, 'any', [
      {
        type: TeamRosterChangedV1.type,
        data: {
          teamId: team.teamId,
          members: 1,
          pendingInvitations: 0,
          seatsTaken: 1,
          rosterVersion: 3,
          at: h.clock().toISOString(),
        },
      },
    ]);
    const refused = await patch(owner, { seats: 3 });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'seats_in_use', message: expect.stringContaining('asientos ocupados') },
    });
    expect(await patch(owner, { seats: 4 })).toMatchObject({ status: 200, body: { seats: 4 } });

    // English when the caller prefers it.
    const english = await patch(owner, { seats: 2 }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(english).toMatchObject({
      status: 409,
      body: { code: 'seats_in_use', message: expect.stringContaining('seats in use') },
    });

    const stranger = await h.signIn();
    expect(await patch(stranger, { seats: 6 })).toMatchObject({
      status: 404,
      body: { code: 'team_not_found' },
    });

    for (const body of [{ seats: 1 }, { seats: 201 }, { seats: 2.5 }, {}, { seats: '5' }]) {
      expect((await patch(owner, body)).status, JSON.stringify(body)).toBe(400);
    }
    const badCreate = await owner.call('POST', '/api/teams', {
      name: 'X',
      planType: 'monthly',
      seats: 300,
    });
    expect(badCreate.status).toBe(400);

    // Cancel at period end, and undo it.
    expect(await patch(owner, { cancelAtPeriodEnd: true })).toMatchObject({
      status: 200,
      body: { cancelAtPeriodEnd: true, seats: 4 },
    });
    expect((await teamEvents('SubscriptionChanged', team.teamId)).at(-1)?.data).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect(await patch(owner, { cancelAtPeriodEnd: false })).toMatchObject({
      status: 200,
      body: { cancelAtPeriodEnd: false },
    });
  });

  it("staff's refund with cancel_now ends a team plan as a personal one's: SubscriptionEnded v2 with the team", async () => {
    const owner = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const team = await buyTeam(owner, 4);
    const paid = await h.waitForEvent(
      'PaymentSucceeded',
      (d) => d.userId === owner.userId && d.amountCents === 8000,
    );
    const refunded = await admin.call('POST', '/api/admin/refunds', {
      paymentId: paid.data.paymentId,
      planAction: 'cancel_now',
    });
    expect(refunded).toMatchObject({ status: 200, body: { amountCents: 8000, full: true } });
    const ended = await waitFor(
      async () => (await teamEvents('SubscriptionEnded', team.teamId))[0],
      { message: 'the team plan ended', timeoutMs: EVENT_WAIT_MS },
    );
    expect(ended).toMatchObject({
      version: 2,
      data: { userId: owner.userId, team: { teamId: team.teamId, seats: 4 } },
    });
    // Ended: its seats no longer change.
    const after = await owner.call('PATCH', `/api/teams/${team.teamId}`, { seats: 5 });
    expect(after).toMatchObject({ status: 404, body: { code: 'no_team_plan' } });
  });
});
