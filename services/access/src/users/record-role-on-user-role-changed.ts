import { UserRoleChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { directoryDecider } from './directory-decider.js';
import { directoryStreamId } from './directory-events.js';

/** Keeps the directory's role in step with identity's; a late change never undoes a newer one. */
export const recordRoleOnUserRoleChanged = on<typeof UserRoleChangedV1, AccessTx>(
  UserRoleChangedV1,
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
