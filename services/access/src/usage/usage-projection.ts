import { GptOpenedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';

/**
 * The `usage_counts` table: uses per user and tool, and the last one. Written in the append's
 * transaction, and appends are serialised per service, so concurrent uses all count.
 */
export const usageProjection: Projection<AccessTx> = {
  name: 'usage-counts',
  handles: [GptOpenedV1.type],
  async apply(event, { sql }) {
    const { userId, productId, at } = GptOpenedV1.schema.parse(event.data);
    // One statement: the hottest write of the service (every use of every tool).
    await sql.query(
      `INSERT INTO usage_counts AS u (user_id, product_id, queries_used, last_accessed)
       VALUES ($1::uuid, $2, 1, $3::timestamptz)
       ON CONFLICT (user_id, product_id) DO UPDATE SET
         queries_used = u.queries_used + 1,
         last_accessed = greatest(u.last_accessed, excluded.last_accessed)`,
      [userId, productId, at],
    );
  },
  async reset({ tx }) {
    await tx.usageCount.deleteMany();
  },
};
