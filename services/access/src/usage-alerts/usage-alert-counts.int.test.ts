import { randomUUID } from 'node:crypto';
import { rebuildProjections } from '@mia/service-kit';
import { expect, it } from 'vitest';
import { accessTestBed } from '../access-harness.fixture.js';
import { usageStreamId } from '../usage/usage-events.js';
import { denialEvent, useEvents } from '../usage/usage.js';
import { usageAlertCountsProjection } from './usage-alert-counts.js';

const bed = accessTestBed();

const counts = async () =>
  (
    await bed.access.ctx.runner.sql.query<{
      user_id: string;
      hour_start: Date;
      verifications: number;
    }>('SELECT user_id, hour_start, verifications FROM usage_alert_counts ORDER BY user_id')
  ).map((row) => ({ ...row, hour_start: row.hour_start.toISOString() }));

it('replay in chunks ends where the verifications one by one ended', async () => {
  const users = [randomUUID(), randomUUID(), randomUUID()];
  const start = Date.parse('2026-11-01T09:40:00.000Z');
  // 45 verifications over 3 users across an hour's turn, their `at` going back and forth.
  for (let i = 0; i < 45; i++) {
    const userId = users[i % users.length]!;
    const at = new Date(start + ((i * 37) % 41) * 60_000);
    const base = { userId, productId: 'apocalipsis', at };
    // A GPT's use is stored as v2 and its v1 twin (counted once), a dashboard open as v1.
    const events =
      i % 4 === 0
        ? [denialEvent({ ...base, via: 'mcp', reason: 'no_access' })]
        : i % 5 === 0
          ? useEvents({ ...base, via: 'dashboard' })
          : useEvents({ ...base, via: 'gpt_action' }, { kind: 'code' });
    await bed.access.ctx.events.append(usageStreamId(userId), 'any', events);
  }
  const live = await counts();
  expect(live).toHaveLength(3);
  expect(live.every((row) => row.hour_start === '2026-11-01T10:00:00.000Z')).toBe(true);

  await bed.access.ctx.runner.sql.query('UPDATE usage_alert_counts SET verifications = 0');
  expect(await counts()).not.toEqual(live);

  const { events } = await rebuildProjections({
    runner: bed.access.ctx.runner,
    schema: bed.access.ctx.schema,
    projections: [usageAlertCountsProjection] as never,
    batchSize: 7,
  });
  expect(events).toBeGreaterThanOrEqual(45);
  expect(await counts()).toEqual(live);
});
