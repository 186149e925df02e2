import { context, trace, TraceFlags, type Context } from '@opentelemetry/api';

/**
 * Whether the active span belongs to a sampled trace, i.e. whether work started now would be
 * exported. Decided by the trace flags rather than `isRecording()`: a span that has ended (a
 * handler's, before its after-commit mail goes out) no longer records, yet its children still
 * belong to the trace. False with tracing off and in traces sampled out.
 */
export function inSampledTrace(ctx: Context = context.active()): boolean {
  const span = trace.getSpan(ctx);
  return span !== undefined && (span.spanContext().traceFlags & TraceFlags.SAMPLED) !== 0;
}
