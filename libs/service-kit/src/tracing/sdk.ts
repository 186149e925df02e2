import { createRequire } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TracingSettings } from './settings.js';
import { SlowTraceProcessor } from './slow-traces.js';

const require = createRequire(import.meta.url);

// Health probes and scrapes every few seconds would drown the traces that matter.
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

export interface Tracing {
  /** Exports what is buffered and stops (graceful shutdown; tests). */
  shutdown(): Promise<void>;
}

/**
 * Registers a tracer provider (W3C trace context, sampler from OTEL_TRACES_SAMPLER and
 * OTEL_TRACES_SAMPLER_ARG, batch export over OTLP) and the http, express, pg and undici (fetch)
 * instrumentations. Everything is required here, only when called, so a process without
 * tracing never loads any of it.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const { NodeTracerProvider } = load<typeof import('@opentelemetry/sdk-trace-node')>(
    '@opentelemetry/sdk-trace-node',
  );
  const { BatchSpanProcessor } = load<typeof import('@opentelemetry/sdk-trace-base')>(
    '@opentelemetry/sdk-trace-base',
  );
  const { resourceFromAttributes } = load<typeof import('@opentelemetry/resources')>(
    '@opentelemetry/resources',
  );
  const processors: SpanProcessor[] = [];
  if (settings.endpoint) {
    const { OTLPTraceExporter } = load<typeof import('@opentelemetry/exporter-trace-otlp-proto')>(
      settings.protocol === 'http/json'
        ? '@opentelemetry/exporter-trace-otlp-http'
        : '@opentelemetry/exporter-trace-otlp-proto',
    );
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _TRACES_ENDPOINT, headers) itself.
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  }
  if (settings.slowMs !== undefined) processors.push(new SlowTraceProcessor(settings.slowMs));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: processors,
  });
  provider.register();
  const unregister = instrument();
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

function instrument(): () => void {
  const { registerInstrumentations } = load<typeof import('@opentelemetry/instrumentation')>(
    '@opentelemetry/instrumentation',
  );
  const http = load<typeof import('@opentelemetry/instrumentation-http')>(
    '@opentelemetry/instrumentation-http',
  );
  const express = load<typeof import('@opentelemetry/instrumentation-express')>(
    '@opentelemetry/instrumentation-express',
  );
  const pg = load<typeof import('@opentelemetry/instrumentation-pg')>(
    '@opentelemetry/instrumentation-pg',
  );
  const undici = load<typeof import('@opentelemetry/instrumentation-undici')>(
    '@opentelemetry/instrumentation-undici',
  );
  const unregister = registerInstrumentations({
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
        // Outgoing calls belong to some work in progress; background pings are noise.
        requireParentforOutgoingSpans: true,
      }),
      // The route handler's span; the middleware chain in front of it would be one span each.
      new express.ExpressInstrumentation({
        ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE, express.ExpressLayerType.ROUTER],
      }),
      // Queries of a request, reaction or publish; never the relay's and workers' idle polling.
      // Parameter values stay out of spans (they carry personal data).
      new pg.PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // fetch (the OpenAI SDK, the verification stand-in) goes through undici, not node:http.
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // The services are ES modules, loaded without the require hooks the instrumentations install.
  // pg and express are CommonJS: requiring them here (through those hooks) patches their
  // prototypes, which the services' ES imports share (one module object per file).
  for (const name of ['pg', 'pg-pool', 'express', 'router']) {
    try {
      require(name);
    } catch {
      // Not installed where the kit resolves it: that instrumentation stays idle.
    }
  }
  return unregister;
}
