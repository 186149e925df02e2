import { jetstream, jetstreamManager, JetStreamApiError } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { qualified } from '../db/identifiers.js';
import type { Sql, TransactionRunner } from '../db/sql.js';
import { toNumber } from '../db/values.js';
import { streamNames } from '../events/streams.js';
import { resetStreamPositions } from '../events/stream-positions.js';
import type { ConsumerReadModel } from './definition.js';

export interface ParkedRow {
  id: number;
  consumer: string;
  eventId: string | null;
  eventType: string | null;
  subject: string;
  error: string;
  deliveries: number;
  parkedAt: string;
  redrivenAt: string | null;
}

/** Parked events of the service, oldest first; `all` includes the ones already re-driven. */
export async function listParked(sql: Sql, schema: string, all = false): Promise<ParkedRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    `SELECT id, consumer, event_id, event_type, subject, error, deliveries, parked_at, redriven_at
     FROM ${qualified(schema, 'parked_events')}
     ${all ? '' : 'WHERE redriven_at IS NULL'} ORDER BY id`,
  );
  return rows.map((r) => ({
    id: toNumber(r.id),
    consumer: String(r.consumer),
    eventId: r.event_id === null ? null : String(r.event_id),
    eventType: r.event_type === null ? null : String(r.event_type),
    subject: String(r.subject),
    error: String(r.error),
    deliveries: toNumber(r.deliveries),
    parkedAt: new Date(r.parked_at as string).toISOString(),
    redrivenAt: r.redriven_at ? new Date(r.redriven_at as string).toISOString() : null,
  }));
}

/**
 * Re-drives parked events (after the bug that parked them is fixed): each is published again
 * on its original subject. The consumer that parked it never recorded it in its inbox, so it
 * handles it now; every other consumer already did and treats the copy as a duplicate.
 */
export async function redriveParked(
  sql: Sql,
  schema: string,
  nats: NatsConnection,
  which: number | 'all',
): Promise<number[]> {
  const table = qualified(schema, 'parked_events');
  const rows = await sql.query<{ id: unknown; subject: string; payload: string }>(
    `SELECT id, subject, payload FROM ${table}
     WHERE redriven_at IS NULL ${which === 'all' ? '' : 'AND id = $1::bigint'} ORDER BY id`,
    which === 'all' ? [] : [which],
  );
  const js = jetstream(nats);
  const done: number[] = [];
  for (const row of rows) {
    const id = toNumber(row.id);
    // A fresh message id: the broker must not drop the copy as a duplicate of the original.
    await js.publish(row.subject, row.payload, { msgID: `redrive:${schema}:${id}:${Date.now()}` });
    await sql.query(`UPDATE ${table} SET redriven_at = now() WHERE id = $1::bigint`, [id]);
    done.push(id);
  }
  return done;
}

/**
 * Rebuilds a consumer-fed read model from the start of the stream: empties it, forgets the
 * consumer's inbox and stream positions, and deletes its durable consumer, which the service
 * creates again (delivering from the first event) when it starts or reconnects.
 */
export async function reprocessConsumer<Tx>(options: {
  runner: TransactionRunner<Tx>;
  schema: string;
  nats: NatsConnection;
  prefix: string;
  /** The durable's full name, `<service>-<consumer>`. */
  durable: string;
  readModel?: ConsumerReadModel<Tx>;
}): Promise<{ durableDeleted: boolean }> {
  const { runner, schema, durable } = options;
  await runner.transaction(async (ctx) => {
    await options.readModel?.reset(ctx);
    await ctx.sql.query(`DELETE FROM ${qualified(schema, 'inbox')} WHERE consumer = $1`, [durable]);
    await resetStreamPositions(ctx.sql, schema, durable);
  });
  const jsm = await jetstreamManager(options.nats);
  try {
    await jsm.consumers.delete(streamNames(options.prefix).events, durable);
    return { durableDeleted: true };
  } catch (err) {
    if (err instanceof JetStreamApiError) return { durableDeleted: false };
    throw err;
  }
}
