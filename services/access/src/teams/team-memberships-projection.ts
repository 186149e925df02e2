import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { TeamFormed, TeamMemberJoined, TeamMemberLeft } from './team-events.js';

/** The `team_memberships` table: who owns and who is seated in each team. */
export const teamMembershipsProjection: Projection<AccessTx> = {
  name: 'team-memberships',
  handles: [TeamFormed.type, TeamMemberJoined.type, TeamMemberLeft.type],
  async apply(event, { tx }) {
    switch (event.type) {
      case TeamFormed.type: {
        const d = TeamFormed.schema.parse(event.data);
        const row = { teamId: d.teamId, userId: d.ownerId, role: 'owner' };
        await tx.teamMembership.upsert({
          where: { teamId_userId_role: row },
          create: { ...row, joinedAt: new Date(d.formedAt) },
          update: {},
        });
        return;
      }
      case TeamMemberJoined.type: {
        const d = TeamMemberJoined.schema.parse(event.data);
        const row = { teamId: d.teamId, userId: d.userId, role: 'member' };
        await tx.teamMembership.upsert({
          where: { teamId_userId_role: row },
          create: { ...row, joinedAt: new Date(d.joinedAt) },
          update: { joinedAt: new Date(d.joinedAt) },
        });
        return;
      }
      case TeamMemberLeft.type: {
        const d = TeamMemberLeft.schema.parse(event.data);
        await tx.teamMembership.deleteMany({
          where: { teamId: d.teamId, userId: d.userId, role: 'member' },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.teamMembership.deleteMany();
  },
};
