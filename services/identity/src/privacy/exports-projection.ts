import { AccountExportRequestedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';

/**
 * The `account_exports` row of each requested export. Its readiness and download are operational
 * (written by the parts' consumer and the download), so a replay keeps existing rows: reset
 * empties nothing and apply never overwrites.
 */
export const accountExportsProjection: Projection<IdentityTx> = {
  name: 'account-exports',
  handles: [AccountExportRequestedV1.type],
  async apply(stored, { tx }) {
    const data = AccountExportRequestedV1.schema.parse(stored.data);
    await tx.accountExport.createMany({
      data: [
        {
          id: data.exportId,
          userId: data.userId,
          requestedAt: new Date(data.requestedAt),
          deadline: new Date(data.deadline),
        },
      ],
      skipDuplicates: true,
    });
  },
  async reset() {},
};
