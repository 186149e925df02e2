import { context, propagation, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Tracing on in this test process (W3C propagation), spans kept in memory until `stop()`. */
export function recordSpans(sampler?: Sampler): {
  exporter: InMemorySpanExporter;
  stop(): Promise<void>;
} {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
    ...(sampler ? { sampler } : {}),
  });
  provider.register();
  return {
    exporter,
    async stop() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
