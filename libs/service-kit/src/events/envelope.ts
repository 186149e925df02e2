import type { EventEnvelope } from '@mia/contracts';
import { HEADER_CORRELATION_ID, HEADER_REQUEST_ID } from '../context.js';
import type { StoredEvent } from './types.js';

/** The wire form of a stored integration event (see @mia/contracts eventEnvelopeSchema). */
export function toEnvelope(event: StoredEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    version: event.version,
    occurredAt: event.occurredAt,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data: event.data,
  };
}

// Same names as over HTTP, so one id reads the same in every hop's headers and logs.
export const NATS_HEADER_REQUEST_ID = HEADER_REQUEST_ID;
export const NATS_HEADER_CORRELATION_ID = HEADER_CORRELATION_ID;
// Set on dead letters.
export const NATS_HEADER_ERROR = 'Mia-Error';
export const NATS_HEADER_CONSUMER = 'Mia-Consumer';
export const NATS_HEADER_DELIVERIES = 'Mia-Deliveries';
