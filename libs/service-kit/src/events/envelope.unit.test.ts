import { eventEnvelopeSchema } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { toEnvelope } from './envelope.js';
import { dlqSubject, streamNames } from './streams.js';
import type { StoredEvent } from './types.js';

const stored: StoredEvent = {
  id: '7d0c3b9e-5a8f-4a55-9f43-8e0f6f1d2a11',
  type: 'UserRegistered',
  version: 1,
  streamId: 'user-1',
  streamVersion: 3,
  globalPosition: 42,
  transactionId: '42',
  occurredAt: '2026-11-21T10:00:00.000Z',
  data: { userId: 'u' },
  metadata: { correlationId: 'corr', causationId: 'cause', requestId: 'req' },
};

describe('toEnvelope', () => {
  it('builds exactly the contract envelope from a stored event', () => {
    const envelope = toEnvelope(stored);
    expect(envelope).toEqual({
      id: stored.id,
      type: 'UserRegistered',
      version: 1,
      occurredAt: '2026-11-21T10:00:00.000Z',
      streamId: 'user-1',
      streamVersion: 3,
      correlationId: 'corr',
      causationId: 'cause',
      data: { userId: 'u' },
    });
    expect(eventEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it('keeps a null causation id (work started by a request, not an event)', () => {
    const envelope = toEnvelope({ ...stored, metadata: { ...stored.metadata, causationId: null } });
    expect(eventEnvelopeSchema.safeParse(envelope).success).toBe(true);
    expect(envelope.causationId).toBeNull();
  });
});

describe('stream names', () => {
  it('derives stream names and subjects from the prefix', () => {
    expect(streamNames('mia.')).toEqual({
      events: 'MIA_EVENTS',
      dlq: 'MIA_DLQ',
      eventsSubjects: 'mia.events.>',
      dlqSubjects: 'mia.dlq.>',
    });
    expect(streamNames('t1a2b.').events).toBe('T1A2B_EVENTS');
    expect(streamNames('staging.mia.').events).toBe('STAGING_MIA_EVENTS');
    expect(streamNames('').events).toBe('EVENTS');
  });

  it('builds dead-letter subjects that cannot break out of their token', () => {
    expect(dlqSubject('mia.', 'access-grants', 'PaymentSucceeded')).toBe(
      'mia.dlq.access-grants.PaymentSucceeded',
    );
    expect(dlqSubject('mia.', 'a.b', 'X>')).toBe('mia.dlq.a_b.X_');
  });
});
