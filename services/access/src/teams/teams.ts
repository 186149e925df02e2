import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  InviteTeamMemberResponse,
  MyTeamsResponse,
  TeamInvitationPreview,
  TeamResponse,
} from '@mia/contracts';
import {
  ConcurrencyError,
  DomainError,
  enqueueMail,
  fold,
  readEvents,
  type EventStoreSession,
} from '@mia/service-kit';
import type { Access } from '../access.js';
import type { AccessTx } from '../db.js';
import {
  paidUntil,
  pendingInvitations,
  planStatus,
  seatsTaken,
  teamDecider,
  type TeamCommand,
  type TeamState,
} from './team-decider.js';
import { teamStreamId } from './team-events.js';
import { teamInvitationMail, type MailLanguage } from './team-invitation-mail.js';
import { decideTeam } from './team-seats.js';
import { verifiedEmailDecider, verifiedEmailStreamId } from './verified-email.js';

// The team routes' work: each change is one transaction (the team's stream, the members'
// entitlements streams it touches, the invitation's mail), decided again when another writer
// appended to the team meanwhile: the store's optimistic concurrency is what keeps the seats.

/** Attempts of one change under contention (20 concurrent accepts on one team meet often). */
const MAX_ATTEMPTS = 40;

/** The token is `<teamId>.<secret>`: the team's stream is found without any lookup table. */
const newToken = (teamId: string) => `${teamId}.${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const teamIdOfToken = (token: string): string | null => {
  const [teamId] = token.split('.');
  return teamId && /^[0-9a-f-]{36}$/i.test(teamId) ? teamId : null;
};

const invitationNotFound = () =>
  new DomainError('not_found', 'invitation_not_found', 'La invitación no existe o ya se usó.');
const teamNotFound = () =>
  new DomainError('not_found', 'team_not_found', 'No encontramos ese equipo.');

async function inTransaction<T>(
  access: Access,
  fn: (session: EventStoreSession<AccessTx>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await access.events.transaction(fn);
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
      // A little jitter so the writers that lost do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

const decideIn = (access: Access, session: EventStoreSession<AccessTx>) =>
  ((streamId, decider, command) =>
    access.commands.handleIn(session, streamId, decider, command)) as Parameters<
    typeof decideTeam
  >[0];

/** A team change in its own transaction, with the seats' grants that follow from it. */
export const changeTeam = (access: Access, command: TeamCommand) =>
  inTransaction(access, (session) => decideTeam(decideIn(access, session), command));

export async function loadTeam(access: Access, teamId: string): Promise<TeamState> {
  return (await access.commands.load(teamStreamId(teamId), teamDecider)).state;
}

async function userName(access: Access, userId: string): Promise<string | null> {
  const row = await access.db.directoryUser.findUnique({ where: { userId } });
  return row?.name ?? null;
}

/** POST /api/teams/{teamId}/invitations (and resend): decides, then queues the mail with it. */
export async function inviteMember(
  access: Access,
  input: {
    teamId: string;
    by: { id: string; name?: string };
    email: string;
    language: MailLanguage;
    resendOf?: string;
  },
): Promise<InviteTeamMemberResponse> {
  const token = newToken(input.teamId);
  const tokenHash = hashToken(token);
  const inviterName = (await userName(access, input.by.id)) ?? input.by.name ?? '';
  const command: TeamCommand = input.resendOf
    ? {
        kind: 'resend-invitation',
        teamId: input.teamId,
        by: input.by.id,
        invitationId: input.resendOf,
        tokenHash,
        language: input.language,
      }
    : {
        kind: 'invite',
        teamId: input.teamId,
        by: input.by.id,
        invitationId: randomUUID(),
        email: input.email,
        tokenHash,
        language: input.language,
      };
  const invitation = await inTransaction(access, async (session) => {
    const { state } = await decideTeam(decideIn(access, session), command);
    const sent = Object.values(state.invitations).find((i) => i.tokenHash === tokenHash);
    if (!sent) throw invitationNotFound();
    const link = new URL('/equipo/invitacion', access.config.PUBLIC_ORIGIN);
    link.searchParams.set('token', token);
    const mail = teamInvitationMail({
      to: sent.email,
      language: input.language,
      inviterName,
      teamName: state.name,
      link: link.toString(),
      expiresAt: sent.expiresAt,
    });
    // The mail commits with the invitation: the kit's worker sends it after commit.
    await enqueueMail(session.sql, access.schema, {
      key: `team-invitation:${sent.invitationId}:${tokenHash}`,
      mail: { ...mail, meta: { kind: 'team-invitation', teamId: input.teamId } },
    });
    return sent;
  });
  return {
    invitationId: invitation.invitationId,
    email: invitation.email,
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
    // Development only, as identity's reset and verification tokens.
    ...(access.config.MIA_ENV === 'development' ? { invitationToken: token } : {}),
  };
}

/** The invitation behind a token, with its team (no session needed). */
export async function previewInvitation(
  access: Access,
  token: string,
): Promise<TeamInvitationPreview> {
  const teamId = teamIdOfToken(token);
  if (!teamId) throw invitationNotFound();
  const state = await loadTeam(access, teamId);
  const tokenHash = hashToken(token);
  const invitation = Object.values(state.invitations).find((i) => i.tokenHash === tokenHash);
  if (!invitation) throw invitationNotFound();
  if (Date.parse(invitation.expiresAt) <= access.clock().getTime()) {
    throw new DomainError('gone', 'invitation_expired', 'La invitación ha caducado.');
  }
  return {
    teamName: state.name,
    inviterName: (await userName(access, invitation.invitedBy)) ?? '',
    email: invitation.email,
    expiresAt: invitation.expiresAt,
  };
}

/** Accepting: the verified address is read in the same transaction as the team's decision. */
export async function acceptInvitation(
  access: Access,
  userId: string,
  token: string,
): Promise<{ teamId: string; teamName: string }> {
  const teamId = teamIdOfToken(token);
  if (!teamId) throw invitationNotFound();
  const tokenHash = hashToken(token);
  return inTransaction(access, async (session) => {
    const verified = fold(
      verifiedEmailDecider,
      readEvents(verifiedEmailDecider, await session.readStream(verifiedEmailStreamId(userId))),
    );
    const { state } = await decideTeam(decideIn(access, session), {
      kind: 'accept',
      teamId,
      tokenHash,
      userId,
      verifiedEmail: verified.email,
    });
    return { teamId, teamName: state.name };
  });
}

/** GET /api/teams/{teamId}: the owner's view (404 for anyone else). */
export async function teamView(
  access: Access,
  teamId: string,
  userId: string,
): Promise<TeamResponse> {
  const state = await loadTeam(access, teamId);
  if (!state.teamId || state.ownerId !== userId) throw teamNotFound();
  const now = access.clock();
  const members = Object.values(state.members);
  const names = new Map(
    (
      await access.db.directoryUser.findMany({
        where: { userId: { in: members.map((m) => m.userId) } },
      })
    ).map((u) => [u.userId, u.name]),
  );
  return {
    teamId,
    name: state.name,
    plan: state.plan ?? 'monthly',
    status: planStatus(state),
    seats: state.seats,
    seatsUsed: seatsTaken(state, now),
    members: members.map((m) => ({
      userId: m.userId,
      name: names.get(m.userId) ?? '',
      email: m.email,
      joinedAt: m.joinedAt,
    })),
    invitations: pendingInvitations(state, now).map((i) => ({
      invitationId: i.invitationId,
      email: i.email,
      sentAt: i.sentAt,
      expiresAt: i.expiresAt,
    })),
    nextRenewal: paidUntil(state),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}

/** GET /api/teams: the teams the user owns and those they hold a seat in. */
export async function myTeams(access: Access, userId: string): Promise<MyTeamsResponse> {
  const rows = await access.db.teamMembership.findMany({
    where: { userId },
    orderBy: { joinedAt: 'asc' },
  });
  const now = access.clock();
  const result: MyTeamsResponse = { owned: [], memberships: [] };
  for (const row of rows) {
    const state = await loadTeam(access, row.teamId);
    if (row.role === 'owner') {
      result.owned.push({
        teamId: row.teamId,
        name: state.name,
        seats: state.seats,
        seatsUsed: seatsTaken(state, now),
        status: planStatus(state),
      });
    } else {
      result.memberships.push({
        teamId: row.teamId,
        name: state.name,
        joinedAt: row.joinedAt.toISOString(),
      });
    }
  }
  return result;
}
