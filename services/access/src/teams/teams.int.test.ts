import { randomUUID } from 'node:crypto';
import {
  SubscriptionActivatedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  SubscriptionRenewedV2,
  UserEmailVerifiedV1,
  dashboardResponseSchema,
  myTeamsResponseSchema,
  teamResponseSchema,
} from '@mia/contracts';
import { qualified } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  accessTestBed,
  call,
  consumerSettled,
  envelopeOf,
  publishRaw,
  registerUser,
  type TestUser,
} from '../access-harness.fixture.js';
import { loadGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { loadTeam } from './teams.js';
import { teamStreamId } from './team-events.js';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

// Billing's subscription events v2 of a church's plan (raw JetStream publishes), identity's
// registrations and verifications, and access's team routes over HTTP, on real PG and NATS.
describe("churches' teams in access", () => {
  const bed = accessTestBed();
  const api = <T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<typeof call>[3] = {},
  ) => call<T>(bed.access.url, method, path, options);

  async function verified(user: TestUser): Promise<void> {
    await bed.identity.store.append(`user-${user.id}`, 'any', [
      {
        type: UserEmailVerifiedV1.type,
        data: { userId: user.id, email: user.email, verifiedAt: new Date().toISOString() },
      },
    ]);
  }

  /** A paid team plan for `owner` with `seats`, as billing publishes it; version = its position. */
  async function teamPlan(
    owner: TestUser,
    seats: number,
    { teamId = randomUUID(), subscriptionId = randomUUID(), name = 'Iglesia Central' } = {},
  ) {
    const team = { teamId, name, seats };
    await publishRaw(bed.nats, [
      envelopeOf(
        SubscriptionActivatedV2,
        { subscriptionId, userId: owner.id, plan: 'monthly', currentPeriodEnd: inDays(30), team },
        { streamId: `subscription-${subscriptionId}`, streamVersion: 1 },
      ),
    ]);
    await waitFor(async () => (await loadTeam(bed.access.ctx as never, teamId)).seats === seats, {
      message: `team ${teamId} formed`,
    });
    return { teamId, subscriptionId, team };
  }

  /** The token of an invitation, from the mail queued with it (the link's query). */
  async function tokenOf(invitationId: string): Promise<string> {
    const { ctx } = bed.access;
    const { rows } = await ctx.pool.query<{ text: string }>(
      `SELECT mail->>'text' AS text FROM ${qualified(ctx.schema, 'mail_queue')}
       WHERE dedupe_key LIKE $1 ORDER BY queued_at DESC LIMIT 1`,
      [`team-invitation:${invitationId}:%`],
    );
    const match = /token=([^\s]+)/.exec(rows[0]?.text ?? '');
    if (!match) throw new Error(`no mail for invitation ${invitationId}`);
    return decodeURIComponent(match[1]!);
  }

  async function invite(owner: TestUser, teamId: string, email: string, language = 'es') {
    return api<{ invitationId: string; code?: string; message?: string }>(
      'POST',
      `/api/teams/${teamId}/invitations`,
      { token: owner.token, body: { email }, headers: { 'accept-language': language } },
    );
  }

  it('seats an invited member: the buyer gets nothing personally, the member every tool', async () => {
    const owner = await registerUser(bed.identity, bed.access);
    const ana = await registerUser(bed.identity, bed.access);
    await verified(ana);
    const { teamId } = await teamPlan(owner, 3);

    // A team's plan opens nothing to its buyer.
    const grantsOfOwner = await loadGrants(bed.access.ctx.commands as never, owner.id);
    expect(grantsOfOwner).toEqual([]);

    const sent = await invite(owner, teamId, ana.email, 'en');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email: ana.email });
    const token = await tokenOf(sent.body.invitationId);
    const mail = await bed.access.ctx.pool.query<{ subject: string; text: string }>(
      `SELECT mail->>'subject' AS subject, mail->>'text' AS text
       FROM ${qualified(bed.access.ctx.schema, 'mail_queue')} WHERE dedupe_key LIKE $1`,
      [`team-invitation:${sent.body.invitationId}:%`],
    );
    expect(mail.rows[0]!.subject).toContain('Iglesia Central');
    expect(mail.rows[0]!.text).toContain('/equipo/invitacion?token=');

    // Somebody else may not invite nor see the team.
    expect((await invite(ana, teamId, 'x@iglesia.org')).status).toBe(404);
    expect((await api('GET', `/api/teams/${teamId}`, { token: ana.token })).status).toBe(404);

    const preview = await api('POST', '/api/team-invitations/preview', { body: { token } });
    expect(preview).toMatchObject({
      status: 200,
      body: { teamName: 'Iglesia Central', inviterName: owner.name, email: ana.email },
    });

    // Another account (even verified) may not take Ana's seat.
    const luis = await registerUser(bed.identity, bed.access);
    await verified(luis);
    await consumerSettled(bed.nats, 'user-directory');
    const wrong = await api('POST', '/api/team-invitations/accept', {
      token: luis.token,
      body: { token },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'invitation_for_another_email' });

    const accepted = await api('POST', '/api/team-invitations/accept', {
      token: ana.token,
      body: { token },
    });
    expect(accepted).toMatchObject({ status: 200, body: { teamId, teamName: 'Iglesia Central' } });
    // Single use.
    const again = await api('POST', '/api/team-invitations/accept', {
      token: ana.token,
      body: { token },
    });
    expect(again.status).toBe(404);

    const grants = await loadGrants(bed.access.ctx.commands as never, ana.id);
    expect(usable(grants, 'apocalipsis', new Date()).allowed).toBe(true);
    await waitFor(async () => {
      const dashboard = await api('GET', '/api/dashboard', { token: ana.token });
      const product = dashboardResponseSchema.parse(dashboard.body).availableProducts[0];
      return product?.access?.source === 'team' && product.access.teamName === 'Iglesia Central';
    });

    const view = await api('GET', `/api/teams/${teamId}`, { token: owner.token });
    expect(teamResponseSchema.parse(view.body)).toMatchObject({
      seats: 3,
      seatsUsed: 1,
      members: [{ userId: ana.id, email: ana.email }],
      invitations: [],
      status: 'active',
    });
    const mine = myTeamsResponseSchema.parse(
      (await api('GET', '/api/teams', { token: ana.token })).body,
    );
    expect(mine.memberships.map((m) => m.teamId)).toEqual([teamId]);
    const owned = myTeamsResponseSchema.parse(
      (await api('GET', '/api/teams', { token: owner.token })).body,
    );
    expect(owned.owned).toMatchObject([{ teamId, seats: 3, seatsUsed: 1 }]);

    // Already a member.
    const twice = await invite(owner, teamId, ana.email);
    expect(twice).toMatchObject({ status: 409, body: { code: 'already_member' } });

    // Ana leaves: the seat ends, her stream says why.
    const left = await api('DELETE', `/api/teams/${teamId}/members/${ana.id}`, {
      token: ana.token,
    });
    expect(left.status).toBe(204);
    const after = await loadGrants(bed.access.ctx.commands as never, ana.id);
    expect(after).toMatchObject([{ status: 'revoked', revokedReason: 'team_seat_ended' }]);
    expect(usable(after, 'apocalipsis', new Date()).allowed).toBe(false);
  });

  it('the seats follow the plan: renewal extends them, the end revokes them', async () => {
    const owner = await registerUser(bed.identity, bed.access);
    const eva = await registerUser(bed.identity, bed.access);
    await verified(eva);
    await consumerSettled(bed.nats, 'user-directory');
    const { teamId, subscriptionId, team } = await teamPlan(owner, 2);
    const sent = await invite(owner, teamId, eva.email);
    const token = await tokenOf(sent.body.invitationId);
    expect(
      (await api('POST', '/api/team-invitations/accept', { token: eva.token, body: { token } }))
        .status,
    ).toBe(200);

    const renewedEnd = inDays(60);
    const source = (v: number) => ({
      streamId: `subscription-${subscriptionId}`,
      streamVersion: v,
    });
    await publishRaw(bed.nats, [
      envelopeOf(
        SubscriptionRenewedV2,
        { subscriptionId, userId: owner.id, plan: 'monthly', currentPeriodEnd: renewedEnd, team },
        source(2),
      ),
    ]);
    await waitFor(async () => {
      const [seat] = await loadGrants(bed.access.ctx.commands as never, eva.id);
      return seat?.validUntil !== null && Date.parse(seat!.validUntil) === Date.parse(renewedEnd);
    });

    // Billing reports 5 seats: the team's page says so.
    await publishRaw(bed.nats, [
      envelopeOf(
        SubscriptionChangedV2,
        {
          subscriptionId,
          userId: owner.id,
          plan: 'monthly',
          status: 'active',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: renewedEnd,
          team: { ...team, seats: 5 },
        },
        source(3),
      ),
      envelopeOf(
        SubscriptionEndedV2,
        {
          subscriptionId,
          userId: owner.id,
          endedAt: new Date().toISOString(),
          reason: 'canceled',
          team: { ...team, seats: 5 },
        },
        source(4),
      ),
    ]);
    await waitFor(async () => {
      const [seat] = await loadGrants(bed.access.ctx.commands as never, eva.id);
      return seat?.status === 'revoked' && seat.revokedReason === 'subscription_ended';
    });
    const view = teamResponseSchema.parse(
      (await api('GET', `/api/teams/${teamId}`, { token: owner.token })).body,
    );
    expect(view).toMatchObject({
      seats: 5,
      status: 'canceled',
      nextRenewal: null,
      cancelAtPeriodEnd: true,
    });
    expect(await loadGrants(bed.access.ctx.commands as never, owner.id)).toEqual([]);
  });

  it('under 20 concurrent accepts and invitations, never more members than paid seats', async () => {
    const owner = await registerUser(bed.identity, bed.access);
    const invitees: TestUser[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await registerUser(bed.identity, bed.access);
      await verified(user);
      invitees.push(user);
    }
    await consumerSettled(bed.nats, 'user-directory');
    const { teamId, subscriptionId, team } = await teamPlan(owner, 20);
    const tokens: string[] = [];
    for (const user of invitees) {
      const sent = await invite(owner, teamId, user.email);
      expect(sent.status).toBe(201);
      tokens.push(await tokenOf(sent.body.invitationId));
    }
    // Full: one more invitation has no seat.
    expect((await invite(owner, teamId, 'extra@iglesia.org')).body).toMatchObject({
      code: 'no_seats_left',
    });

    // Billing lowers the paid seats to 8 (as if its own check raced the invitations).
    await publishRaw(bed.nats, [
      envelopeOf(
        SubscriptionChangedV2,
        {
          subscriptionId,
          userId: owner.id,
          plan: 'monthly',
          status: 'active',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: inDays(30),
          team: { ...team, seats: 8 },
        },
        { streamId: `subscription-${subscriptionId}`, streamVersion: 2 },
      ),
    ]);
    await waitFor(async () => (await loadTeam(bed.access.ctx as never, teamId)).seats === 8);

    // 20 distinct invitees, the first one's token 5 more times, and 10 new invitations, at once.
    const accept = (user: TestUser, token: string) =>
      api('POST', '/api/team-invitations/accept', { token: user.token, body: { token } });
    const results = await Promise.all([
      ...invitees.map((user, i) => accept(user, tokens[i]!)),
      ...Array.from({ length: 5 }, () => accept(invitees[0]!, tokens[0]!)),
      ...Array.from({ length: 10 }, (_, i) => invite(owner, teamId, `late-${i}@iglesia.org`)),
    ]);
    const accepts = results.slice(0, 25);
    const invites = results.slice(25);
    expect(accepts.filter((r) => r.status === 200)).toHaveLength(8);
    expect(accepts.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of accepts.filter((r) => r.status !== 200)) {
      expect(['no_seats_left', 'invitation_not_found', 'already_member']).toContain(
        (r.body as { code: string }).code,
      );
    }
    expect(invites.every((r) => r.status === 409)).toBe(true);

    const state = await loadTeam(bed.access.ctx as never, teamId);
    expect(Object.keys(state.members)).toHaveLength(8);
    // Every seated member holds exactly one team grant; nobody else does.
    let seated = 0;
    for (const user of invitees) {
      const grants = await loadGrants(bed.access.ctx.commands as never, user.id);
      const team = grants.filter((g) => g.source.kind === 'team');
      expect(team.length).toBeLessThanOrEqual(1);
      if (team.length === 1) seated++;
      expect(Boolean(state.members[user.id])).toBe(team.length === 1);
    }
    expect(seated).toBe(8);

    // The roster event published the counts, newest last.
    const stream = await bed.access.ctx.events.readStream(teamStreamId(teamId));
    const rosters = stream.filter((e) => e.type === 'TeamRosterChanged');
    expect(rosters.at(-1)!.data).toMatchObject({ members: 8 });
  });

  it('withdrawing an invitation frees its seat at once; a resend ends the old link', async () => {
    const owner = await registerUser(bed.identity, bed.access);
    const { teamId } = await teamPlan(owner, 2);
    const first = await invite(owner, teamId, 'a@iglesia.org');
    await invite(owner, teamId, 'b@iglesia.org');
    expect((await invite(owner, teamId, 'c@iglesia.org')).status).toBe(409);
    const withdrawn = await api(
      'DELETE',
      `/api/teams/${teamId}/invitations/${first.body.invitationId}`,
      { token: owner.token },
    );
    expect(withdrawn.status).toBe(204);
    const third = await invite(owner, teamId, 'c@iglesia.org');
    expect(third.status).toBe(201);
    const oldToken = await tokenOf(third.body.invitationId);
    const resent = await api(
      'POST',
      `/api/teams/${teamId}/invitations/${third.body.invitationId}/resend`,
      { token: owner.token },
    );
    expect(resent.status).toBe(204);
    const preview = await api('POST', '/api/team-invitations/preview', {
      body: { token: oldToken },
    });
    expect(preview.status).toBe(404);
    const newToken = await tokenOf(third.body.invitationId);
    expect(newToken).not.toBe(oldToken);
    expect(
      (await api('POST', '/api/team-invitations/preview', { body: { token: newToken } })).status,
    ).toBe(200);
  });
});
