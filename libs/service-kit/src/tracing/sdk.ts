import { createRequire } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type * as TraceNode from '@opentelemetry/sdk-trace-node';
import type * as TraceBase from '@opentelemetry/sdk-trace-base';
import type * as Resources from '@opentelemetry/resources';
import type * as OtlpExporter from '@opentelemetry/exporter-trace-otlp-proto';
import type * as Instrumentation from '@opentelemetry/instrumentation';
import type * as HttpInstrumentation from '@opentelemetry/instrumentation-http';
import type * as PgInstrumentation from '@opentelemetry/instrumentation-pg';
import type * as UndiciInstrumentation from '@opentelemetry/instrumentation-undici';
import type { TracingSettings } from './settings.js';
import { pgSpansOnlyWhenSampled } from './pg-sampled-only.js';
import { SlowTraceProcessor } from './slow-traces.js';

const require = createRequire(import.meta.url);

export interface Tracing {
  /** Exports what is buffered and stops (graceful shutdown; tests). */
  shutdown(): Promise<void>;
}

/**
 * Registers a tracer provider (W3C trace context, sampler from OTEL_TRACES_SAMPLER and
 * OTEL_TRACES_SAMPLER_ARG, batch export over OTLP) and the http, pg and undici (fetch)
 * instrumentations. Everything is required here, only when called, so a process without
 * tracing never loads any of it.
 */
export interface TracingOptions {
  /**
   * Instrument outgoing node:http calls (client spans, traceparent sent). Off for the gateway,
   * which starts its route span itself and forwards the traceparent on every request it passes.
   */
  http?: boolean;
}

export function startTracing(settings: TracingSettings, options: TracingOptions = {}): Tracing {
  const { NodeTracerProvider } = load<typeof TraceNode>('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor } = load<typeof TraceBase>('@opentelemetry/sdk-trace-base');
  const { resourceFromAttributes } = load<typeof Resources>('@opentelemetry/resources');
  const processors: SpanProcessor[] = [];
  if (settings.endpoint) {
    const { OTLPTraceExporter } = load<typeof OtlpExporter>(
      settings.protocol === 'http/json'
        ? '@opentelemetry/exporter-trace-otlp-http'
        : '@opentelemetry/exporter-trace-otlp-proto',
    );
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _TRACES_ENDPOINT, headers) itself.
    // Its OTEL_BSP_* variables too, but for the delay when unset (settings.ts, BATCH_DELAY_MS).
    const delay =
      settings.batchDelayMs === undefined ? {} : { scheduledDelayMillis: settings.batchDelayMs };
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter(), delay));
  }
  if (settings.slowMs !== undefined) processors.push(new SlowTraceProcessor(settings.slowMs));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: processors,
  });
  provider.register();
  const unregister = instrument(options.http ?? true);
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}

/**
 * Synchronous on purpose: an ES module's top-level await does not hold back the sibling imports
 * after it, so only a synchronous start is sure to come before the service's own modules run.
 */
const load = <T>(name: string): T => require(name) as T;

function instrument(withHttp: boolean): () => void {
  const { registerInstrumentations } = load<typeof Instrumentation>(
    '@opentelemetry/instrumentation',
  );
  const http = load<typeof HttpInstrumentation>('@opentelemetry/instrumentation-http');
  const pg = load<typeof PgInstrumentation>('@opentelemetry/instrumentation-pg');
  const undici = load<typeof UndiciInstrumentation>('@opentelemetry/instrumentation-undici');
  const unregister = registerInstrumentations({
    instrumentations: [
      ...(withHttp ? [httpInstrumentation(http)] : []),
      // Queries of a request, reaction or publish; never the relay's and workers' idle polling.
      // Parameter values stay out of spans (they carry personal data).
      new pg.PgInstrumentation({
        requireParentSpan: true,
        enhancedDatabaseReporting: false,
        ignoreConnectSpans: true,
      }),
      // fetch (the OpenAI SDK, the verification stand-in) goes through undici, not node:http.
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // Queries only in sampled traces (requireParentSpan alone lets unsampled ones pay too).
  pgSpansOnlyWhenSampled();
  // The services are ES modules, loaded without the require hooks the instrumentations install.
  // pg is CommonJS: requiring it here (through those hooks) patches its prototypes, which the
  // services' ES imports share (one module object per file).
  for (const name of ['pg', 'pg-pool']) {
    try {
      require(name);
    } catch {
      // Not installed where the kit resolves it: that instrumentation stays idle.
    }
  }
  return unregister;
}

function httpInstrumentation(http: typeof HttpInstrumentation) {
  return new http.HttpInstrumentation({
    // Incoming requests get their span from the kit's app (http/trace-requests.ts), at a
    // fraction of this instrumentation's cost; it only traces outgoing calls (Stripe's SDK).
    disableIncomingRequestInstrumentation: true,
    // Outgoing calls belong to some work in progress; background pings are noise.
    requireParentforOutgoingSpans: true,
  });
}
