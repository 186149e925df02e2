import { qualified } from '../db/identifiers.js';
import type { Sql } from '../db/sql.js';

export interface ParkedMessage {
  consumer: string;
  /** Event id, or `seq:<stream sequence>` when the message was not a valid envelope. */
  messageKey: string;
  eventId: string | null;
  eventType: string | null;
  subject: string;
  payload: string;
  error: string;
  deliveries: number;
}

/** Records a dead letter; parking the same message again (after a crash) is a no-op. */
export async function recordParked(sql: Sql, schema: string, parked: ParkedMessage): Promise<void> {
  await sql.query(
    `INSERT INTO ${qualified(schema, 'parked_events')}
       (consumer, message_key, event_id, event_type, subject, payload, error, deliveries)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::int)
     ON CONFLICT (consumer, message_key) DO NOTHING
     RETURNING id`,
    [
      parked.consumer,
      parked.messageKey,
      parked.eventId,
      parked.eventType,
      parked.subject,
      parked.payload,
      parked.error,
      parked.deliveries,
    ],
  );
}
