import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { inSampledTrace } from '../tracing/sampled.js';
import { tracer } from '../tracing/spans.js';
import { routePattern } from './access-log.js';

// Probes and scrapes every few seconds would drown the traces that matter.
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The service's handler span: one SERVER span per request, a child of the caller's
 * `traceparent` (the gateway's route span), named by the route Express matched
 * (`POST /api/confirm-payment`) when the answer is done. The rest of the request (queries,
 * appends, outgoing calls) runs inside it. Made here rather than by the node:http
 * instrumentation, whose per-request work (binding every emitter's listeners to the context,
 * dozens of attributes) cost several times more (bench/results/tracing.md). With tracing off
 * the span is a shared no-op and the request goes on untouched.
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  if (QUIET_PATHS.has(req.path)) return next();
  const parent = propagation.extract(context.active(), req.headers);
  // The caller's trace was sampled out (the kit's samplers follow the parent): no span, no
  // attributes, only the caller's context carried on, so what the request stores or calls
  // follows that decision.
  if (trace.getSpan(parent) && !inSampledTrace(parent)) return context.with(parent, next);
  const span = tracer().startSpan(
    req.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
    parent,
  );
  const spanContext = span.spanContext();
  // No provider (tracing off) and no caller's trace: nothing to carry.
  if (!span.isRecording() && !trace.isSpanContextValid(spanContext)) return next();
  if (span.isRecording()) {
    res.once('close', () => {
      const route = routePattern(req);
      if (route !== 'unmatched') {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  }
  context.with(trace.setSpan(parent, span), next);
};
