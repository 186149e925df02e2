import { UserRoleChangedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { directoryDecider } from './directory-decider.js';
import { directoryStreamId } from './directory-events.js';

/**
 * Keeps the directory's role in step with identity's; a late change never undoes a newer one.
 * v2 also says who changed it and why; the directory needs only the role.
 */
export const recordRoleOnUserRoleChanged = on<typeof UserRoleChangedV2, AccessTx>(
  UserRoleChangedV2,
  async (data, envelope, ctx) => {
    await ctx.decide(directoryStreamId(data.userId), directoryDecider, {
      kind: 'record-role',
      userId: data.userId,
      role: data.role,
      // Events published before envelopes carried versions count as oldest.
      sourceVersion: envelope.streamVersion ?? 0,
    });
  },
);
