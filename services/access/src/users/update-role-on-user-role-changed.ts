import { UserRoleChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';

/** Keeps the directory's role in step with identity's ADMIN_EMAILS. */
export const updateRoleOnUserRoleChanged = on<typeof UserRoleChangedV1, AccessTx>(
  UserRoleChangedV1,
  async (data, _envelope, { tx }) => {
    // Same stream, same consumer: registration is always handled first, so the row exists.
    await tx.directoryUser.update({ where: { userId: data.userId }, data: { role: data.role } });
  },
);
