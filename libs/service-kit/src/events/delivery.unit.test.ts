import { defineEvent } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseDelivery, subscriptionIndex } from './delivery.js';
import { on } from './subscription.js';

const Thing = defineEvent({
  type: 'Thing',
  version: 1,
  producer: 'identity',
  schema: z.object({ n: z.number() }),
});
const noop = async () => undefined;
const index = subscriptionIndex([on(Thing, noop)]);

const envelope = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: '7d0c3b9e-5a8f-4a55-9f43-8e0f6f1d2a11',
    type: 'Thing',
    version: 1,
    occurredAt: '2026-11-21T10:00:00.000Z',
    streamId: 's-1',
    correlationId: 'c',
    causationId: null,
    data: { n: 1 },
    ...over,
  });

describe('parseDelivery', () => {
  it('returns the subscription and validated data', () => {
    const parsed = parseDelivery(envelope(), index);
    expect(parsed.kind).toBe('handle');
    if (parsed.kind === 'handle') {
      expect(parsed.data).toEqual({ n: 1 });
      expect(parsed.subscription.event).toBe(Thing);
    }
  });

  it('marks non-JSON, invalid envelopes and invalid data as invalid', () => {
    expect(parseDelivery('{oops', index)).toMatchObject({ kind: 'invalid' });
    expect(parseDelivery(envelope({ id: 'not-a-uuid' }), index)).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('invalid envelope'),
    });
    const badData = parseDelivery(envelope({ data: { n: 'x' } }), index);
    expect(badData).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('Thing.v1') });
    expect(badData.kind === 'invalid' && badData.envelope?.streamId).toBe('s-1');
  });

  it('ignores events (or versions) the consumer does not subscribe to', () => {
    expect(parseDelivery(envelope({ type: 'Other' }), index).kind).toBe('ignore');
    expect(parseDelivery(envelope({ version: 2 }), index).kind).toBe('ignore');
  });

  it('refuses two subscriptions to the same event in one consumer', () => {
    expect(() => subscriptionIndex([on(Thing, noop), on(Thing, noop)])).toThrow('Thing.v1');
  });
});
