import { describe, expect, it } from 'vitest';
import { recordSpans } from './in-memory.fixture.js';
import { SlowTraceProcessor } from './slow-traces.js';
import { withSpan } from './spans.js';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

describe('slow traces on the console', () => {
  it('prints a trace whose root took longer than the threshold, with its spans, and not a fast one', async () => {
    const { exporter, stop } = recordSpans();
    try {
      const slow = async () =>
        withSpan('POST /api/confirm-payment', {}, () =>
          withSpan('eventstore.append', {}, () => new Promise((r) => setTimeout(r, 30))),
        );
      await slow();
      await withSpan('GET /api/user', {}, async () => undefined);
      const printed: string[] = [];
      const processor = new SlowTraceProcessor(20, (text) => printed.push(text));
      // Spans end children first, as the SDK hands them over.
      for (const span of exporter.getFinishedSpans() as ReadableSpan[]) processor.onEnd(span);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(
        /^slow trace [0-9a-f]{32} \d+ ms POST \/api\/confirm-payment\n {2}\+\d+ ms [\d.]+ ms eventstore\.append\n$/,
      );
    } finally {
      await stop();
    }
  });
});
