import type { EventEnvelope } from '@mia/contracts';
import type { StoredEvent } from './types.js';

/** The wire form of a stored integration event (see @mia/contracts eventEnvelopeSchema). */
export function toEnvelope(event: StoredEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    version: event.version,
    occurredAt: event.occurredAt,
    streamId: event.streamId,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data: event.data,
  };
}

/** NATS header carrying the request id that started the work (the envelope carries the rest). */
export const NATS_HEADER_REQUEST_ID = 'Mia-Request-Id';
export const NATS_HEADER_CORRELATION_ID = 'Mia-Correlation-Id';
export const NATS_HEADER_ERROR = 'Mia-Error';
export const NATS_HEADER_CONSUMER = 'Mia-Consumer';
export const NATS_HEADER_DELIVERIES = 'Mia-Deliveries';
