import { eventEnvelopeSchema, eventKey, type EventEnvelope } from '@mia/contracts';
import type { Subscription } from './subscription.js';

export type ParsedDelivery<Tx> =
  | { kind: 'handle'; envelope: EventEnvelope; data: unknown; subscription: Subscription<Tx> }
  /** A valid event this consumer does not subscribe to (possible with a wide subject filter). */
  | { kind: 'ignore'; envelope: EventEnvelope }
  /** Never going to succeed, so parked at once. */
  | { kind: 'invalid'; reason: string; envelope?: EventEnvelope };

export function subscriptionIndex<Tx>(subscriptions: readonly Subscription<Tx>[]) {
  const index = new Map<string, Subscription<Tx>>();
  for (const subscription of subscriptions) {
    const key = eventKey(subscription.event);
    if (index.has(key)) throw new Error(`Two subscriptions for ${key} in one consumer`);
    index.set(key, subscription);
  }
  return index;
}

/** Parses and validates a message: envelope first, then the data against its event's schema. */
export function parseDelivery<Tx>(
  payload: string,
  index: ReadonlyMap<string, Subscription<Tx>>,
): ParsedDelivery<Tx> {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { kind: 'invalid', reason: 'payload is not JSON' };
  }
  const parsedEnvelope = eventEnvelopeSchema.safeParse(json);
  if (!parsedEnvelope.success) {
    return { kind: 'invalid', reason: `invalid envelope: ${parsedEnvelope.error.message}` };
  }
  const envelope = parsedEnvelope.data as EventEnvelope;
  const subscription = index.get(eventKey(envelope));
  if (!subscription) return { kind: 'ignore', envelope };
  const data = subscription.event.schema.safeParse(envelope.data);
  if (!data.success) {
    return {
      kind: 'invalid',
      reason: `invalid ${eventKey(envelope)} data: ${data.error.message}`,
      envelope,
    };
  }
  return { kind: 'handle', envelope, data: data.data, subscription };
}
