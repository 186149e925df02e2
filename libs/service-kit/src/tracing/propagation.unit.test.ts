import { headers } from '@nats-io/transport-node';
import { SpanKind, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { toStoredEvent } from '../events/event-rows.js';
import { captureLogLines, createLogger } from '../logger.js';
import { recordSpans } from './in-memory.fixture.js';
import {
  contextFromTraceparent,
  currentTraceparent,
  extractFromHeaders,
  injectIntoHeaders,
  injectIntoHttpHeaders,
} from './propagation.js';
import { withSpan } from './spans.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace propagation', () => {
  it('with tracing off: nothing to store or send, logs without ids, spans still run the work', async () => {
    const capture = captureLogLines();
    const result = await withSpan('eventstore.append', {}, async () => {
      createLogger('test').info('inside');
      const h = headers();
      injectIntoHeaders(h);
      return { stored: currentTraceparent(), sent: h.get('traceparent') };
    });
    capture.stop();
    expect(result).toEqual({ stored: undefined, sent: '' });
    expect(JSON.parse(capture.lines[0]!)).not.toHaveProperty('traceId');
  });

  it('a stored traceparent and NATS headers carry the append to the publish and the consumer', async () => {
    const { exporter, stop } = recordSpans();
    try {
      const stored = await withSpan('eventstore.append', {}, async () => currentTraceparent());
      const [, traceId, appendId] = TRACEPARENT.exec(stored ?? '') ?? [];
      expect(traceId).toBeDefined();

      // The relay, later and elsewhere: its publish is a child of the stored append.
      const h = headers();
      await withSpan(
        'relay.publish',
        { kind: SpanKind.PRODUCER, parent: contextFromTraceparent(stored) },
        async () => injectIntoHeaders(h),
      );
      // A consumer in another service: only the headers cross.
      const wire = headers();
      for (const key of h.keys()) wire.set(key, h.get(key));
      await withSpan(
        'consume PaymentSucceeded',
        { parent: extractFromHeaders(wire) },
        async () => {},
      );

      const spans = exporter.getFinishedSpans();
      const byName = new Map(spans.map((s) => [s.name, s]));
      const publish = byName.get('relay.publish')!;
      const consume = byName.get('consume PaymentSucceeded')!;
      expect(spans.every((s) => s.spanContext().traceId === traceId)).toBe(true);
      expect(publish.parentSpanContext?.spanId).toBe(appendId);
      expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    } finally {
      await stop();
    }
  });

  it('log lines inside a span carry its traceId and spanId', async () => {
    const { stop } = recordSpans();
    const capture = captureLogLines();
    try {
      const ids = await withSpan('work', {}, async (span) => {
        createLogger('test').info('inside');
        return span.spanContext();
      });
      expect(JSON.parse(capture.lines[0]!)).toMatchObject({
        traceId: ids.traceId,
        spanId: ids.spanId,
      });
    } finally {
      capture.stop();
      await stop();
    }
  });

  it('the gateway replaces a client traceparent with its own span, and drops it with tracing off', async () => {
    const client = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
    const off: Record<string, unknown> = { traceparent: client, tracestate: 'x=1' };
    injectIntoHttpHeaders(off);
    expect(off).toEqual({});

    const { stop } = recordSpans();
    try {
      const on: Record<string, unknown> = { traceparent: client };
      const spanId = await withSpan('POST /api → billing', {}, async (span) => {
        injectIntoHttpHeaders(on);
        return span.spanContext().spanId;
      });
      expect(TRACEPARENT.exec(String(on.traceparent))?.[2]).toBe(spanId);
    } finally {
      await stop();
    }
  });

  it('a failing span records the error and the work still throws', async () => {
    const { exporter, stop } = recordSpans();
    try {
      await expect(
        withSpan('eventstore.append', {}, () => Promise.reject(new Error('conflict'))),
      ).rejects.toThrow('conflict');
      const [span] = exporter.getFinishedSpans();
      expect(span?.status).toMatchObject({ code: 2, message: 'conflict' });
      expect(trace.getActiveSpan()).toBeUndefined();
    } finally {
      await stop();
    }
  });

  it('events read back keep the traceparent stored with them, and old events have none', () => {
    const row = {
      global_position: '1',
      transaction_id: '7',
      stream_id: 's',
      version: 1,
      id: 'e1',
      type: 'PaymentSucceeded',
      event_version: 1,
      data: {},
      occurred_at: new Date(0),
    };
    const traceparent = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`;
    expect(
      toStoredEvent({ ...row, metadata: { correlationId: 'c', traceparent } }).metadata,
    ).toMatchObject({ traceparent });
    expect(toStoredEvent({ ...row, metadata: { correlationId: 'c' } }).metadata).not.toHaveProperty(
      'traceparent',
    );
  });
});
