import { createRequire } from 'node:module';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { recordSpans } from './in-memory.fixture.js';
import { pgSpansOnlyWhenSampled } from './pg-sampled-only.js';

const require = createRequire(import.meta.url);
const utils = require('@opentelemetry/instrumentation-pg/build/src/utils') as {
  shouldSkipInstrumentation(config: { requireParentSpan?: boolean }): boolean;
};

const inSpan = (traceFlags: TraceFlags) =>
  trace.setSpan(
    context.active(),
    trace.wrapSpanContext({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags }),
  );

describe('pg spans only in sampled traces', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => stop?.());

  it("replaces the instrumentation's parent check: a query gets a span only in a sampled trace", () => {
    ({ stop } = recordSpans());
    expect(pgSpansOnlyWhenSampled()).toBe(true);
    const skip = () => utils.shouldSkipInstrumentation({ requireParentSpan: true });
    expect(skip()).toBe(true);
    expect(context.with(inSpan(TraceFlags.NONE), skip)).toBe(true);
    expect(context.with(inSpan(TraceFlags.SAMPLED), skip)).toBe(false);
    // Without requireParentSpan the instrumentation traces every query, as before.
    expect(utils.shouldSkipInstrumentation({ requireParentSpan: false })).toBe(false);
  });
});
