import { randomUUID } from 'node:crypto';
import { products } from '@mia/catalog';
import { rebuildProjections } from '@mia/service-kit';
import { expect, it } from 'vitest';
import { accessTestBed } from '../access-harness.fixture.js';
import { recordUse } from './usage.js';
import { usageProjection } from './usage-projection.js';

const bed = accessTestBed();

const counts = async () =>
  (
    await bed.access.ctx.runner.sql.query<{
      user_id: string;
      product_id: string;
      queries_used: number;
      last_accessed: Date;
    }>(
      `SELECT user_id, product_id, queries_used, last_accessed FROM usage_counts
        ORDER BY user_id, product_id`,
    )
  ).map((row) => ({ ...row, last_accessed: row.last_accessed.toISOString() }));

it('replay adds each chunk of uses in one statement and ends where the uses one by one ended', async () => {
  const users = [randomUUID(), randomUUID(), randomUUID()];
  const tools = products.slice(0, 4).map((p) => p.id);
  const start = Date.parse('2026-11-01T10:00:00.000Z');
  // 61 uses over 3 users and 4 tools; their `at` goes back and forth, so the latest use is not
  // always the last one stored (a GPT's check and a dashboard open can cross).
  for (let i = 0; i < 61; i++) {
    await recordUse(bed.access.ctx.events as never, {
      userId: users[i % users.length]!,
      productId: tools[(i * 7) % tools.length]!,
      via: 'dashboard',
      at: new Date(start + ((i * 37) % 23) * 60_000),
    });
  }
  const live = await counts();
  expect(live.reduce((sum, row) => sum + Number(row.queries_used), 0)).toBe(61);

  await bed.access.ctx.runner.sql.query('UPDATE usage_counts SET queries_used = 0');
  expect(await counts()).not.toEqual(live);

  // Chunks of 7 split pairs of the same (user, tool) across statements.
  const { events } = await rebuildProjections({
    runner: bed.access.ctx.runner,
    schema: bed.access.ctx.schema,
    projections: [usageProjection] as never,
    batchSize: 7,
  });
  expect(events).toBeGreaterThanOrEqual(61);
  expect(await counts()).toEqual(live);
});
