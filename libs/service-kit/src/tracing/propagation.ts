import {
  context,
  propagation,
  trace,
  type Context,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';

/** The W3C header (https://www.w3.org/TR/trace-context/) that carries a span across a hop. */
export const TRACEPARENT = 'traceparent';

/** The part of NATS's MsgHdrs that propagation needs (get/set by name). */
export interface HeaderMap {
  get(name: string): string;
  set(name: string, value: string): void;
  keys(): string[];
}

const natsGetter: TextMapGetter<HeaderMap | undefined> = {
  keys: (carrier) => carrier?.keys() ?? [],
  // MsgHdrs answers '' for a missing header; propagators expect undefined.
  get: (carrier, key) => carrier?.get(key) || undefined,
};

const natsSetter: TextMapSetter<HeaderMap> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

/** Writes the span context of `ctx` (default: the active one) into NATS message headers. */
export function injectIntoHeaders(headers: HeaderMap, ctx: Context = context.active()): void {
  propagation.inject(ctx, headers, natsSetter);
}

/** The context a producer sent in NATS message headers (the active one when there is none). */
export function extractFromHeaders(headers: HeaderMap | undefined): Context {
  return propagation.extract(context.active(), headers, natsGetter);
}

/**
 * The active span as a `traceparent` value, to be stored with what is written now and picked
 * up later by other work (the relay publishes events long after the append committed).
 * Undefined when no span is active (tracing off: nothing is stored).
 */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  if (!trace.getSpan(ctx)?.spanContext()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier[TRACEPARENT];
}

/** A context whose parent is the stored `traceparent` (or the active one without it). */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { [TRACEPARENT]: traceparent });
}

/** `traceId`/`spanId` of the active span, for log lines; empty when none is active. */
export function activeSpanIds(): { traceId?: string; spanId?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/**
 * Replaces whatever trace context a client sent in outgoing HTTP `headers` with the active
 * span's (the gateway is the edge: a browser does not pick the trace its work joins). With
 * tracing off the client's headers are simply dropped.
 */
export function injectIntoHttpHeaders(headers: Record<string, unknown>): void {
  delete headers[TRACEPARENT];
  delete headers.tracestate;
  propagation.inject(context.active(), headers);
}
