import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findProduct, isProductId, planFor } from '@mia/catalog';
import {
  acceptTeamInvitationResponseSchema,
  ALL_PRODUCTS,
  changeGiftRecipientRequestSchema,
  changeTeamSeatsResponseSchema,
  claimGiftResponseSchema,
  createGiftRequestSchema,
  createGiftResponseSchema,
  createTeamRequestSchema,
  createTeamResponseSchema,
  giftPreviewSchema,
  giftTokenRequestSchema,
  inviteTeamMemberRequestSchema,
  inviteTeamMemberResponseSchema,
  myGiftsResponseSchema,
  myTeamsResponseSchema,
  teamInvitationPreviewSchema,
  teamInvitationTokenRequestSchema,
  teamResponseSchema,
  teamSeatsSchema,
  type GiftItem,
  type GiftStatus,
  type PlanType,
  type SubscriptionStatus,
  type User,
} from '@mia/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  unauthorized,
} from '@mia/service-kit';
import { z } from 'zod';
import {
  answer,
  body,
  ContractBreach,
  failure,
  type Answer,
  type FakeCommerce,
} from './fake-commerce';
import type { FakeIdentity } from './fake-identity';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Member {
  userId: string;
  email: string;
  name: string;
  joinedAt: string;
}

interface Invitation {
  invitationId: string;
  email: string;
  sentAt: string;
  expiresAt: string;
  token: string;
}

interface Team {
  teamId: string;
  name: string;
  plan: PlanType;
  seats: number;
  ownerEmail: string;
  paid: boolean;
  status: SubscriptionStatus;
  members: Member[];
  invitations: Invitation[];
  nextRenewal: string | null;
  cancelAtPeriodEnd: boolean;
}

interface Gift {
  giftId: string;
  buyerEmail: string;
  item: GiftItem;
  recipientEmail: string;
  message: string | null;
  status: GiftStatus;
  paid: boolean;
  sendAt: string;
  sentAt: string | null;
  claimedAt: string | null;
  token: string;
  createdAt: number;
}

/** The team body of PATCH /api/teams/{teamId}: seats, or the brief's cancel at period end. */
const teamPatchSchema = z.union([
  z.object({ seats: teamSeatsSchema }),
  z.object({ cancelAtPeriodEnd: z.literal(true) }),
]);

const noContent: Answer = { status: 204, body: undefined };

/**
 * A stand-in for issue 25's team and gift routes (billing's POST /api/teams, PATCH and POST
 * /api/gifts; access's rest), so the pages can be driven while those services are being built.
 * Payments go through the commerce stand-in's intents and sandbox, exactly as a plan's; answers
 * are checked against the contracts. Member ids are UUIDs (the contract's), mapped to the fake
 * identity's own ids, which a member also uses to leave.
 */
export class FakeChurches {
  readonly teams = new Map<string, Team>();
  readonly gifts = new Map<string, Gift>();
  /** Tokens whose link has expired (test setup). */
  private readonly expired = new Set<string>();
  /** Tokens that were used or replaced. */
  private readonly spent = new Set<string>();
  private readonly userIds = new Map<string, string>();

  constructor(
    private readonly identity: FakeIdentity,
    private readonly commerce: FakeCommerce,
  ) {}

  reset(): void {
    this.teams.clear();
    this.gifts.clear();
    this.expired.clear();
    this.spent.clear();
    this.userIds.clear();
  }

  private userIdOf(email: string): string {
    let id = this.userIds.get(email);
    if (!id) {
      id = randomUUID();
      this.userIds.set(email, id);
    }
    return id;
  }

  private user(req: IncomingMessage): User {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const email = sid ? this.identity.sessions.get(sid) : undefined;
    const user = email ? this.identity.users.get(email) : undefined;
    if (!user) throw unauthorized();
    return user;
  }

  // ---- test setup ----

  /** A paid team owned by `ownerEmail`, with members (registered people) and invitations. */
  giveTeam(
    ownerEmail: string,
    {
      name = 'Iglesia Bautista Central',
      plan = 'monthly',
      seats = 3,
      members = [],
      invitations = [],
    }: {
      name?: string;
      plan?: PlanType;
      seats?: number;
      members?: string[];
      invitations?: string[];
    } = {},
  ): Team {
    const team = this.newTeam(ownerEmail, name, plan, seats);
    this.activate(team);
    for (const email of members) this.seat(team, email);
    for (const email of invitations) this.invite(team, email);
    return team;
  }

  /** The token of the pending invitation to `email`. */
  invitationToken(team: Team, email: string): string {
    return team.invitations.find((invitation) => invitation.email === email)!.token;
  }

  expire(token: string): void {
    this.expired.add(token);
  }

  /** A paid gift, sent now (or on `sendAt`). */
  giveGift(
    buyerEmail: string,
    {
      item = { kind: 'product', productId: 'apocalipsis' },
      recipientEmail = 'pastor@example.org',
      message = null,
      sendAt,
    }: {
      item?: GiftItem;
      recipientEmail?: string;
      message?: string | null;
      sendAt?: string;
    } = {},
  ): Gift {
    const gift = this.newGift(buyerEmail, item, recipientEmail, message, sendAt);
    this.deliver(gift);
    return gift;
  }

  // ---- the model ----

  private newTeam(ownerEmail: string, name: string, plan: PlanType, seats: number): Team {
    const team: Team = {
      teamId: randomUUID(),
      name,
      plan,
      seats,
      ownerEmail,
      paid: false,
      status: 'incomplete',
      members: [],
      invitations: [],
      nextRenewal: null,
      cancelAtPeriodEnd: false,
    };
    this.teams.set(team.teamId, team);
    return team;
  }

  private activate(team: Team): void {
    team.paid = true;
    team.status = 'active';
    team.nextRenewal = new Date(
      Date.now() + (team.plan === 'monthly' ? 30 : 365) * DAY_MS,
    ).toISOString();
  }

  private seatsUsed = (team: Team) => team.members.length + team.invitations.length;

  private seat(team: Team, email: string): void {
    const user = this.identity.users.get(email)!;
    team.members.push({
      userId: this.userIdOf(email),
      email,
      name: user.name,
      joinedAt: new Date().toISOString(),
    });
    this.commerce.grantTeamSeat(email, team.teamId, team.name, team.nextRenewal);
  }

  private invite(team: Team, email: string): Invitation {
    const now = Date.now();
    const invitation: Invitation = {
      invitationId: randomUUID(),
      email,
      sentAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 7 * DAY_MS).toISOString(),
      token: `inv_${randomUUID().replaceAll('-', '')}`,
    };
    team.invitations.push(invitation);
    return invitation;
  }

  private newGift(
    buyerEmail: string,
    item: GiftItem,
    recipientEmail: string,
    message: string | null,
    sendAt: string | undefined,
  ): Gift {
    const gift: Gift = {
      giftId: randomUUID(),
      buyerEmail,
      item,
      recipientEmail,
      message,
      status: 'scheduled',
      paid: false,
      sendAt: sendAt ?? new Date().toISOString(),
      sentAt: null,
      claimedAt: null,
      token: `gift_${randomUUID().replaceAll('-', '')}`,
      createdAt: Date.now() + this.gifts.size,
    };
    this.gifts.set(gift.giftId, gift);
    return gift;
  }

  private deliver(gift: Gift): void {
    gift.paid = true;
    if (Date.parse(gift.sendAt) <= Date.now()) {
      gift.status = 'sent';
      gift.sentAt = new Date().toISOString();
    }
  }

  private ownedTeam(req: IncomingMessage, teamId: string): Team {
    const user = this.user(req);
    const team = this.teams.get(teamId);
    if (!team?.paid || team.ownerEmail !== user.email) throw notFound('Equipo no encontrado.');
    return team;
  }

  private teamView(team: Team) {
    return answer(200, teamResponseSchema, {
      teamId: team.teamId,
      name: team.name,
      plan: team.plan,
      status: team.status,
      seats: team.seats,
      seatsUsed: this.seatsUsed(team),
      members: team.members.map(({ userId, name, email, joinedAt }) => ({
        userId,
        name,
        email,
        joinedAt,
      })),
      invitations: team.invitations.map(({ invitationId, email, sentAt, expiresAt }) => ({
        invitationId,
        email,
        sentAt,
        expiresAt,
      })),
      nextRenewal: team.nextRenewal,
      cancelAtPeriodEnd: team.cancelAtPeriodEnd,
    });
  }

  private findInvitation(token: string): { team: Team; invitation: Invitation } {
    if (this.spent.has(token)) throw conflict('Esta invitación ya se usó.', 'invitation_used');
    for (const team of this.teams.values()) {
      const invitation = team.invitations.find((i) => i.token === token);
      if (!invitation) continue;
      if (this.expired.has(token)) {
        throw new HttpError(410, 'Esta invitación caducó.', 'invitation_expired');
      }
      return { team, invitation };
    }
    throw notFound('Invitación no encontrada.', 'invitation_not_found');
  }

  private findGift(token: string): Gift {
    if (this.spent.has(token)) throw conflict('Este regalo ya se canjeó.', 'gift_claimed');
    const gift = [...this.gifts.values()].find((g) => g.token === token && g.paid);
    if (!gift) throw notFound('Regalo no encontrado.', 'gift_not_found');
    if (gift.status === 'claimed') throw conflict('Este regalo ya se canjeó.', 'gift_claimed');
    if (this.expired.has(token)) throw new HttpError(410, 'El enlace caducó.', 'gift_expired');
    return gift;
  }

  /** The signed-in person may act on a link sent to `email` only with that confirmed address. */
  private recipient(req: IncomingMessage, email: string): User {
    const user = this.user(req);
    if (user.email !== email) {
      throw forbidden('Esta invitación es para otra dirección.', 'email_mismatch');
    }
    if (!user.emailVerified) throw forbidden('Confirma tu correo primero.', 'email_not_verified');
    return user;
  }

  private route(method: string, path: string, req: IncomingMessage, raw: unknown): Answer | null {
    const team = /^\/api\/teams\/([^/]+)$/.exec(path);
    const invitations = /^\/api\/teams\/([^/]+)\/invitations$/.exec(path);
    const invitation = /^\/api\/teams\/([^/]+)\/invitations\/([^/]+)(\/resend)?$/.exec(path);
    const member = /^\/api\/teams\/([^/]+)\/members\/([^/]+)$/.exec(path);
    const gift = /^\/api\/gifts\/([^/]+)(\/resend)?$/.exec(path);
    const key = `${method} ${path}`;

    if (key === 'POST /api/teams') {
      const user = this.user(req);
      const { name, planType, seats } = body(createTeamRequestSchema, raw);
      const created = this.newTeam(user.email, name, planType, seats);
      const amountCents = planFor(planType).priceCents * seats;
      const intent = this.commerce.openIntent(
        user.email,
        amountCents,
        `${planFor(planType).name} · ${name} (${seats})`,
        () => this.activate(created),
      );
      return answer(200, createTeamResponseSchema, {
        teamId: created.teamId,
        clientSecret: intent.clientSecret,
        amountCents,
      });
    }

    if (key === 'GET /api/teams') {
      const user = this.user(req);
      const all = [...this.teams.values()].filter((t) => t.paid);
      return answer(200, myTeamsResponseSchema, {
        owned: all
          .filter((t) => t.ownerEmail === user.email)
          .map((t) => ({
            teamId: t.teamId,
            name: t.name,
            seats: t.seats,
            seatsUsed: this.seatsUsed(t),
            status: t.status,
          })),
        memberships: all.flatMap((t) =>
          t.members
            .filter((m) => m.email === user.email)
            .map((m) => ({ teamId: t.teamId, name: t.name, joinedAt: m.joinedAt })),
        ),
      });
    }

    if (team && method === 'GET') return this.teamView(this.ownedTeam(req, team[1]!));

    if (team && method === 'PATCH') {
      const owned = this.ownedTeam(req, team[1]!);
      const change = body(teamPatchSchema, raw);
      if ('seats' in change) {
        if (change.seats < this.seatsUsed(owned)) {
          throw conflict('Hay más asientos ocupados.', 'seats_in_use');
        }
        owned.seats = change.seats;
      } else {
        owned.cancelAtPeriodEnd = true;
      }
      return answer(200, changeTeamSeatsResponseSchema, {
        teamId: owned.teamId,
        seats: owned.seats,
      });
    }

    if (invitations && method === 'POST') {
      const owned = this.ownedTeam(req, invitations[1]!);
      const { email } = body(inviteTeamMemberRequestSchema, raw);
      if (owned.members.some((m) => m.email === email)) {
        throw conflict('Ya es miembro.', 'already_member');
      }
      if (this.seatsUsed(owned) >= owned.seats) {
        throw conflict('No quedan asientos.', 'no_seats_left');
      }
      const sent = this.invite(owned, email);
      return answer(201, inviteTeamMemberResponseSchema, {
        invitationId: sent.invitationId,
        email: sent.email,
        sentAt: sent.sentAt,
        expiresAt: sent.expiresAt,
        invitationToken: sent.token,
      });
    }

    if (invitation && (method === 'DELETE' || (method === 'POST' && invitation[3]))) {
      const owned = this.ownedTeam(req, invitation[1]!);
      const found = owned.invitations.find((i) => i.invitationId === invitation[2]);
      if (!found) throw notFound('Invitación no encontrada.');
      this.spent.add(found.token);
      if (method === 'DELETE') {
        owned.invitations = owned.invitations.filter((i) => i !== found);
      } else {
        found.token = `inv_${randomUUID().replaceAll('-', '')}`;
        found.sentAt = new Date().toISOString();
      }
      return noContent;
    }

    if (member && method === 'DELETE') {
      const user = this.user(req);
      const found = this.teams.get(member[1]!);
      const id = decodeURIComponent(member[2]!);
      // A member leaves with their own id (the fake identity's, or its UUID here).
      const self = id === user.id || id === this.userIdOf(user.email);
      const target = found?.members.find((m) => (self ? m.email === user.email : m.userId === id));
      if (!found || !target || (!self && found.ownerEmail !== user.email)) {
        throw notFound('Miembro no encontrado.');
      }
      found.members = found.members.filter((m) => m !== target);
      this.commerce.revokeGrant(target.email, `team:${found.teamId}`);
      return noContent;
    }

    if (key === 'POST /api/team-invitations/preview') {
      const { token } = body(teamInvitationTokenRequestSchema, raw);
      const found = this.findInvitation(token);
      const owner = this.identity.users.get(found.team.ownerEmail);
      return answer(200, teamInvitationPreviewSchema, {
        teamName: found.team.name,
        inviterName: owner?.name ?? found.team.ownerEmail,
        email: found.invitation.email,
        expiresAt: found.invitation.expiresAt,
      });
    }

    if (key === 'POST /api/team-invitations/accept') {
      const { token } = body(teamInvitationTokenRequestSchema, raw);
      const found = this.findInvitation(token);
      const user = this.recipient(req, found.invitation.email);
      found.team.invitations = found.team.invitations.filter((i) => i !== found.invitation);
      this.spent.add(token);
      this.seat(found.team, user.email);
      return answer(200, acceptTeamInvitationResponseSchema, {
        teamId: found.team.teamId,
        teamName: found.team.name,
      });
    }

    if (key === 'POST /api/gifts') {
      const user = this.user(req);
      const request = body(createGiftRequestSchema, raw);
      let item: GiftItem;
      let cents: number;
      let name: string;
      if (request.productId !== undefined) {
        if (!isProductId(request.productId))
          throw badRequest('Producto Inválido', 'unknown_product');
        const product = findProduct(request.productId)!;
        item = { kind: 'product', productId: request.productId };
        cents = product.priceCents;
        name = product.name;
      } else {
        const plan = planFor(request.planType!);
        item = { kind: 'plan', plan: request.planType! };
        cents = plan.priceCents;
        name = plan.name;
      }
      const created = this.newGift(
        user.email,
        item,
        request.recipientEmail,
        request.message ?? null,
        request.sendAt,
      );
      const intent = this.commerce.openIntent(user.email, cents, `Regalo: ${name}`, () =>
        this.deliver(created),
      );
      return answer(200, createGiftResponseSchema, {
        giftId: created.giftId,
        clientSecret: intent.clientSecret,
        amountCents: cents,
      });
    }

    if (key === 'GET /api/gifts') {
      const user = this.user(req);
      const sent = [...this.gifts.values()]
        .filter((g) => g.paid && g.buyerEmail === user.email)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((g) => ({
          giftId: g.giftId,
          item: g.item,
          recipientEmail: g.recipientEmail,
          status: g.status,
          sendAt: g.sendAt,
          sentAt: g.sentAt,
          claimedAt: g.claimedAt,
        }));
      return answer(200, myGiftsResponseSchema, { sent });
    }

    if (key === 'POST /api/gifts/preview') {
      const { token } = body(giftTokenRequestSchema, raw);
      const found = this.findGift(token);
      const buyer = this.identity.users.get(found.buyerEmail);
      return answer(200, giftPreviewSchema, {
        item: found.item,
        fromName: buyer?.name ?? found.buyerEmail,
        message: found.message,
        recipientEmail: found.recipientEmail,
      });
    }

    if (key === 'POST /api/gifts/claim') {
      const { token } = body(giftTokenRequestSchema, raw);
      const found = this.findGift(token);
      const user = this.recipient(req, found.recipientEmail);
      const scope = found.item.kind === 'product' ? found.item.productId : ALL_PRODUCTS;
      const held = this.commerce.usable(user.email, scope);
      const alreadyOwned = found.item.kind === 'product' && held?.validUntil === null;
      const until =
        found.item.kind === 'plan'
          ? new Date(Date.now() + (found.item.plan === 'monthly' ? 30 : 365) * DAY_MS).toISOString()
          : null;
      this.commerce.grantGift(user.email, scope, found.giftId, until);
      found.status = 'claimed';
      found.claimedAt = new Date().toISOString();
      this.spent.add(token);
      return answer(200, claimGiftResponseSchema, {
        giftId: found.giftId,
        item: found.item,
        alreadyOwned,
      });
    }

    if (gift && (method === 'PATCH' || (method === 'POST' && gift[2]))) {
      const user = this.user(req);
      const found = this.gifts.get(gift[1]!);
      if (!found?.paid || found.buyerEmail !== user.email) throw notFound('Regalo no encontrado.');
      if (found.status === 'claimed') throw conflict('Ya se canjeó.', 'gift_claimed');
      if (method === 'PATCH') {
        found.recipientEmail = body(changeGiftRecipientRequestSchema, raw).recipientEmail;
      }
      this.spent.add(found.token);
      found.token = `gift_${randomUUID().replaceAll('-', '')}`;
      if (found.status === 'sent') found.sentAt = new Date().toISOString();
      return noContent;
    }

    return null;
  }

  readonly handler = (req: IncomingMessage, res: ServerResponse, raw: string): boolean => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!/^\/api\/(teams|team-invitations|gifts)(\/|$)/.test(url.pathname)) return false;
    let result: Answer | null;
    try {
      result = this.route(req.method ?? 'GET', url.pathname, req, raw ? JSON.parse(raw) : {});
    } catch (error) {
      if (error instanceof ContractBreach) {
        this.commerce.contractBreaches.push(error);
        throw error;
      }
      result = failure(error);
    }
    if (!result) return false;
    if (result.status === 204) {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return true;
    }
    res.writeHead(result.status, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(result.body));
    return true;
  };
}
