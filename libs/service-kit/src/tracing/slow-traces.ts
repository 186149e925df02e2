import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

const MAX_TRACES = 1_000;
const MAX_SPANS = 200;

/**
 * Development aid (`TRACE_SLOW_MS` with `npm start`): when a trace's local root span ends after
 * more than `thresholdMs`, prints it with its spans in this process, longest path visible at a
 * glance. Spans are kept per trace only until their root ends, bounded in count.
 */
export class SlowTraceProcessor implements SpanProcessor {
  private readonly pending = new Map<string, ReadableSpan[]>();

  constructor(
    private readonly thresholdMs: number,
    private readonly print: (text: string) => void = (text) => process.stdout.write(text),
  ) {}

  onStart(_span: Span, _parent: Context): void {}

  onEnd(span: ReadableSpan): void {
    const { traceId } = span.spanContext();
    const parent = span.parentSpanContext;
    // A local root: no parent, or one from another process (a remote parent).
    if (!parent || parent.isRemote) {
      const spans = this.pending.get(traceId) ?? [];
      this.pending.delete(traceId);
      const ms = durationMs(span);
      if (ms >= this.thresholdMs) this.print(formatSlowTrace(span, spans, ms));
      return;
    }
    let spans = this.pending.get(traceId);
    if (!spans) {
      if (this.pending.size >= MAX_TRACES) {
        const oldest = this.pending.keys().next().value;
        if (oldest !== undefined) this.pending.delete(oldest);
      }
      spans = [];
      this.pending.set(traceId, spans);
    }
    if (spans.length < MAX_SPANS) spans.push(span);
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    this.pending.clear();
    return Promise.resolve();
  }
}

const durationMs = (span: ReadableSpan): number => span.duration[0] * 1e3 + span.duration[1] / 1e6;

const startMs = (span: ReadableSpan): number => span.startTime[0] * 1e3 + span.startTime[1] / 1e6;

/** `slow trace <id> 812 ms POST /api/confirm-payment` then one indented line per span. */
export function formatSlowTrace(root: ReadableSpan, spans: ReadableSpan[], ms: number): string {
  const t0 = startMs(root);
  const depth = new Map<string, number>([[root.spanContext().spanId, 0]]);
  const ordered = [...spans].sort((a, b) => startMs(a) - startMs(b));
  const lines = [
    `slow trace ${root.spanContext().traceId} ${ms.toFixed(0)} ms ${root.name}`,
    ...ordered.map((span) => {
      const level = (depth.get(span.parentSpanContext?.spanId ?? '') ?? 0) + 1;
      depth.set(span.spanContext().spanId, level);
      const offset = (startMs(span) - t0).toFixed(0);
      return `${'  '.repeat(level)}+${offset} ms ${durationMs(span).toFixed(1)} ms ${span.name}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
