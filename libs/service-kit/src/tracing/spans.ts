import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { inSampledTrace } from './sampled.js';

let cached: { provider: TracerProvider; tracer: Tracer } | undefined;

/**
 * The kit's tracer. Without a registered provider (tracing off) it hands out no-op spans. Kept
 * per global provider (tests register and disable theirs): asking the provider for it on every
 * span (a key built and looked up each time) showed in the profiles of the request path.
 */
export function tracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (cached?.provider !== provider) {
    cached = { provider, tracer: provider.getTracer('@mia/service-kit') };
  }
  return cached.tracer;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; default the active context. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span, ends it when `fn` settles and records a thrown error.
 * With tracing off this costs one no-op span (a shared object) and a context switch; in a trace
 * sampled out, nothing but the parent's context.
 */
export function withSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const parentSpan = trace.getSpan(parent);
  // A trace sampled out: no span of its own (the kit's samplers follow the parent's decision),
  // the work runs in the parent's context so whatever it starts or stores follows it too.
  if (parentSpan && !inSampledTrace(parent)) {
    return options.parent ? context.with(parent, () => fn(parentSpan)) : fn(parentSpan);
  }
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        failSpan(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Runs `fn` (which answers `res`) inside a new SERVER span that ends when the response closes,
 * with its status code. For a plain node:http handler (the gateway) where no instrumentation
 * makes one. With tracing off it only calls `fn`.
 */
export function runInServerSpan(
  name: string,
  attributes: Attributes,
  res: { statusCode: number; once(event: 'close', listener: () => void): unknown },
  fn: () => void,
): void {
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes });
  // Tracing off: nothing to carry. A trace sampled out still carries its decision downstream.
  if (!trace.isSpanContextValid(span.spanContext())) return fn();
  if (span.isRecording()) {
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  }
  context.with(trace.setSpan(context.active(), span), fn);
}

/** Marks the span failed with the error (message and exception event). */
export function failSpan(span: Span, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

export { SpanKind };
