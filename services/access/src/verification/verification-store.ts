import { createEventStore, pgRunner, type Clock, type EventStore } from '@mia/service-kit';
import type pg from 'pg';
import { usageProjection } from '../usage/usage-projection.js';
import { usageAlertCountsProjection } from '../usage-alerts/usage-alert-counts.js';

/**
 * The projections of a user's usage stream (GptOpened, GptAccessDenied), in the order the
 * service applies them: the service's own list includes these, and the verification's store
 * applies exactly these.
 */
export const usageStreamProjections = [usageProjection, usageAlertCountsProjection] as const;

/**
 * The event store the GPT verification call appends with: the service's own tables and
 * projections, on plain pg transactions instead of Prisma's interactive ones. The call is the
 * product's hottest path, and its projections and the usage alert are plain SQL, so the ORM
 * only added its query interpreter to every round trip (issue 22). The relay sees these
 * appends like any other (same table, same wake-up channel).
 */
export const verificationStore = (
  pool: pg.Pool,
  schema: string,
  clock: Clock,
): EventStore<unknown> =>
  createEventStore<unknown>({
    // Its statements are a fixed set: each is planned once per connection.
    runner: pgRunner(pool, { prepare: true }),
    schema,
    projections: usageStreamProjections,
    clock,
  });
