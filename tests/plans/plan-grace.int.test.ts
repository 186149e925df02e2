import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccess,
  type RunningAccess,
} from '../../services/access/src/access-harness.fixture.js';
import { loadGrants } from '../../services/access/src/entitlements/entitlements.js';
import { usable } from '../../services/access/src/entitlements/grants.js';
import { call, sessionToken } from '../../services/access/src/access-harness.fixture.js';
import {
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../../services/billing/src/testing/billing-harness.fixture.js';

// Issue 20, "a failed renewal extends access": billing against the sandbox and access on the
// same database and NATS, both on one test clock that moves with the sandbox's. A renewal the
// card cannot pay keeps the tools for PAST_DUE_GRACE_DAYS (3) from the failed period's start and
// not after; a new card pays the open invoice and the tools come back at once.

const DAY_MS = 24 * 60 * 60 * 1000;

describe('a plan whose renewal fails (billing + access, sandbox clock)', () => {
  let h: BillingHarness;
  let access: RunningAccess;
  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startAccess(h.db, h.nats, { PAST_DUE_GRACE_DAYS: '3' }, h.clock);
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  const grants = (caller: Caller) => loadGrants(access.ctx.commands, caller.userId);
  const canUse = async (caller: Caller, at = h.clock()) =>
    usable(await grants(caller), 'apocalipsis', at);
  /** Whether the dashboard (its own one-query read of the grants) shows the tool usable. */
  const dashboardShows = async (caller: Caller) => {
    const token = await sessionToken({
      id: caller.userId,
      email: caller.email,
      name: 'Pastor',
      role: 'user',
    });
    const answer = await call<{ availableProducts: { id: string; purchased: boolean }[] }>(
      access.url,
      'GET',
      '/api/dashboard',
      { token },
    );
    return answer.body.availableProducts.find((p) => p.id === 'apocalipsis')?.purchased;
  };
  const plan = async (caller: Caller) =>
    (await caller.call<{ plan: Record<string, unknown> | null }>('GET', '/api/billing')).body.plan;

  /** Moves the sandbox (renewals, retries) and both services' clock together. */
  async function advanceDays(days: number) {
    h.clock.advance(days * DAY_MS);
    await h.advanceDays(days);
  }

  async function replaceCard(caller: Caller, card: string) {
    const setup = await caller.call<{ clientSecret: string; setupIntentId: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    await h.confirmCard(setup.body.clientSecret, card);
    return caller.call<{ plan: Record<string, unknown> | null }>(
      'POST',
      '/api/billing/payment-method/confirm',
      { setupIntentId: setup.body.setupIntentId },
    );
  }

  it('usable during the grace window, not after; the updated card restores it at once', async () => {
    const member = await h.signIn();
    await subscribe(h, member, 'monthly');
    await h.settled();
    await waitFor(async () => (await canUse(member)).allowed, { message: 'the plan usable' });
    const [paidGrant] = await grants(member);
    const paidEnd = Date.parse(paidGrant!.validUntil!);

    await replaceCard(member, TEST_CARDS.attachThenFail);
    await waitFor(
      async () =>
        (await member.call<{ card: { last4: string } | null }>('GET', '/api/billing')).body.card
          ?.last4 === '0341',
      { message: 'the failing card on file' },
    );

    // The renewal fails at the period end (and its first retry a day later).
    await advanceDays(31);
    await waitFor(async () => (await plan(member))?.status === 'past_due', {
      message: 'billing shows the plan past due',
    });
    // Access has heard of it: the plan's grant carries its grace, and was not extended.
    const [pastDue] = await waitFor(
      async () => {
        const found = await grants(member);
        // Heard of: a grace window, or (the old rule) an end the failed renewal moved.
        const heard =
          found[0]?.graceUntil !== undefined || Date.parse(found[0]!.validUntil!) !== paidEnd;
        return heard ? found : undefined;
      },
      { message: 'the grace window in access' },
    );
    expect(Date.parse(pastDue!.validUntil!)).toBe(paidEnd);
    expect(Date.parse(pastDue!.graceUntil!)).toBe(paidEnd + 3 * DAY_MS);

    // Within the grace window: still usable. After it: not, with no event needed.
    expect((await canUse(member, new Date(paidEnd + 3 * DAY_MS - 60_000))).allowed).toBe(true);
    expect((await canUse(member)).allowed).toBe(true);
    expect(await dashboardShows(member)).toBe(true);
    expect((await canUse(member, new Date(paidEnd + 3 * DAY_MS + 60_000))).allowed).toBe(false);
    h.clock.advance(2.5 * DAY_MS);
    expect((await canUse(member)).allowed).toBe(false);
    expect(await dashboardShows(member)).toBe(false);

    // A card that pays: the open invoice is paid in the same call, the tools are back at once.
    const updated = await replaceCard(member, TEST_CARDS.visa);
    expect(updated).toMatchObject({ status: 200, body: { plan: { status: 'active' } } });
    await waitFor(async () => (await canUse(member)).allowed, {
      message: 'the plan usable again',
      timeoutMs: 10_000,
    });
    const [restored] = await grants(member);
    expect(Date.parse(restored!.validUntil!)).toBeGreaterThan(paidEnd + 27 * DAY_MS);
    expect(restored!.graceUntil).toBeUndefined();
  });
});
