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
 * OTEL_TRACES_SAMPLER_ARG, batch export over OTLP) and the http, pg and undici (fetch)
 * instrumentations. Everything is required here, only when called, so a process without
 * tracing never loads any of it.
 */
export interface TracingOptions {
  /**
   * Instrument node:http (server spans, outgoing client spans). Off for the gateway, which
   * starts its route span itself and forwards the traceparent: the instrumentation's work on a
   * bare forwarder's every request and upstream call cut its throughput by more than half.
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
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
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

interface RoutedRequest {
  method?: string;
  baseUrl?: string;
  route?: { path?: unknown };
}

/** The route pattern Express matched (`/api/users/:id`), as the kit's access log names it. */
function expressRoute(req: RoutedRequest): string | undefined {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : undefined;
}

function httpInstrumentation(http: typeof HttpInstrumentation) {
  return new http.HttpInstrumentation({
    ignoreIncomingRequestHook: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
    // Outgoing calls belong to some work in progress; background pings are noise.
    requireParentforOutgoingSpans: true,
    // The service's handler span is the server span, named by the route Express matched
    // (`POST /api/confirm-payment`). Read from the request when the answer is sent: the
    // Express instrumentation would do the same at a cost on every middleware of every
    // request (measured in bench/results/tracing.md).
    applyCustomAttributesOnSpan: (span, request) => {
      const route = expressRoute(request as RoutedRequest);
      if (!route) return;
      span.setAttribute('http.route', route);
      span.updateName(`${(request as RoutedRequest).method ?? 'GET'} ${route}`);
    },
  });
}
