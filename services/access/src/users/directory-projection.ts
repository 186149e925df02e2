import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { CustomerRecorded, CustomerRoleRecorded } from './directory-events.js';

/** The `user_directory` table (e-mail -> user), from access's own directory events. */
export const directoryProjection: Projection<AccessTx> = {
  name: 'user-directory',
  handles: [CustomerRecorded.type, CustomerRoleRecorded.type],
  async apply(event, { tx }) {
    if (event.type === CustomerRecorded.type) {
      const data = CustomerRecorded.schema.parse(event.data);
      const row = {
        email: data.email,
        name: data.name,
        role: data.role,
        registeredAt: new Date(data.registeredAt),
      };
      await tx.directoryUser.upsert({
        where: { userId: data.userId },
        create: { userId: data.userId, ...row },
        update: row,
      });
      return;
    }
    const { userId, role } = CustomerRoleRecorded.schema.parse(event.data);
    // Before the registration is recorded there is no row; the registration then carries the role.
    await tx.directoryUser.updateMany({ where: { userId }, data: { role } });
  },
  async reset({ tx }) {
    await tx.directoryUser.deleteMany();
  },
};
