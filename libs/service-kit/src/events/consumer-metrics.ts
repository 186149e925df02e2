import { metricGauge, metricHistogram } from '../http/metrics.js';
import { qualified } from '../db/identifiers.js';
import type { Sql } from '../db/sql.js';
import { metricCounter } from '../http/metrics.js';

/** A running consumer, asked at scrape time what waits for it. */
export interface ConsumerProbe {
  name: string;
  schema: string;
  sql: Sql;
  /** Messages the broker still holds for it: not yet delivered plus delivered and unacked. */
  pending(): Promise<number>;
}

const probes = new Map<string, ConsumerProbe>();

/** Reports `probe` in /metrics until the returned function is called (consumer stopped). */
export function observeConsumer(probe: ConsumerProbe): () => void {
  probes.set(probe.name, probe);
  return () => void probes.delete(probe.name);
}

// Consumer lag as the broker sees it; asked only when /metrics is scraped.
metricGauge({
  name: 'consumer_pending_messages',
  help: 'Messages waiting for a durable consumer (undelivered + unacknowledged)',
  labelNames: ['consumer'] as const,
  async collect() {
    this.reset();
    await Promise.all(
      [...probes.values()].map(async (probe) => {
        const pending = await probe.pending().catch(() => undefined);
        if (pending !== undefined) this.set({ consumer: probe.name }, pending);
      }),
    );
  },
});

// Parked and not yet redriven, from each consumer's parked_events table (small, indexed by
// consumer): the counter events_parked_total cannot say whether someone already dealt with them.
metricGauge({
  name: 'parked_events',
  help: 'Events parked by a consumer and not redriven yet',
  labelNames: ['consumer'] as const,
  async collect() {
    this.reset();
    await Promise.all(
      [...probes.values()].map(async ({ name, schema, sql }) => {
        const rows = await sql
          .query<{ parked: string }>(
            `SELECT count(*)::text AS parked FROM ${qualified(schema, 'parked_events')}
             WHERE consumer = $1 AND redriven_at IS NULL`,
            [name],
          )
          .catch(() => undefined);
        if (rows?.[0]) this.set({ consumer: name }, Number(rows[0].parked));
      }),
    );
  },
});

export const consumerMetrics = {
  redelivered: metricCounter({
    name: 'events_redelivered_total',
    help: 'Deliveries of an event a consumer had been given before (retries, crashes, timeouts)',
    labelNames: ['consumer', 'type'] as const,
  }),
  /** From the event's occurredAt to its reaction's commit: e.g. payment → tool usable. */
  reactionDelay: metricHistogram({
    name: 'event_reaction_delay_seconds',
    help: 'Time from an event occurring to a consumer committing its reaction',
    labelNames: ['consumer', 'type'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  }),
};
