import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { AlwaysOffSampler, AlwaysOnSampler } from '@opentelemetry/sdk-trace-base';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { traceRequests } from '../http/trace-requests.js';
import { recordSpans } from './in-memory.fixture.js';
import { currentTraceparent, injectIntoHttpHeaders } from './propagation.js';
import { runInServerSpan, withSpan } from './spans.js';

const CALLER = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;

describe('server spans', () => {
  it("a service's request span is the caller's child, named by the route Express matched", async () => {
    const { exporter, stop } = recordSpans();
    const app = express();
    app.use(traceRequests);
    app.get('/api/things/:id', (_req, res) => void res.status(201).json({}));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/api/things/42`, { headers: { traceparent: CALLER } });
      await fetch(`http://127.0.0.1:${port}/healthz`);
      const [span, ...others] = exporter.getFinishedSpans();
      expect(others).toEqual([]);
      expect(span?.name).toBe('GET /api/things/:id');
      expect(span?.kind).toBe(SpanKind.SERVER);
      expect(span?.spanContext().traceId).toBe('a'.repeat(32));
      expect(span?.parentSpanContext?.spanId).toBe('b'.repeat(16));
      expect(span?.attributes).toMatchObject({
        'http.route': '/api/things/:id',
        'http.response.status_code': 201,
      });
    } finally {
      server.close();
      await stop();
    }
  });

  it('the gateway passes a sampled-out decision on, so the services do not sample again', async () => {
    const { exporter, stop } = recordSpans(new AlwaysOffSampler());
    try {
      const headers: Record<string, unknown> = {};
      runInServerSpan('GET /api → identity', {}, { statusCode: 200, once: () => undefined }, () =>
        injectIntoHttpHeaders(headers),
      );
      expect(String(headers.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("a caller's trace sampled out: no span here, and the request's work follows that decision", async () => {
    // always_on here: only the caller's flag can keep this request out of the trace.
    const { exporter, stop } = recordSpans(new AlwaysOnSampler());
    const app = express();
    app.use(traceRequests);
    let stored: Array<string | undefined> = [];
    app.get('/api/things', async (_req, res) => {
      stored = [currentTraceparent()];
      await withSpan('eventstore.append', {}, async () => void stored.push(currentTraceparent()));
      res.json({});
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const unsampled = CALLER.replace(/-01$/, '-00');
      await fetch(`http://127.0.0.1:${port}/api/things`, { headers: { traceparent: unsampled } });
      expect(stored).toEqual([unsampled, unsampled]);
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      server.close();
      await stop();
    }
  });
});
