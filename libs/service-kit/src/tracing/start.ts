/**
 * Imported first by every service's main.ts (`import '@mia/service-kit/tracing/start'`), so it
 * runs before the modules it instruments are evaluated. Without OTEL_EXPORTER_OTLP_ENDPOINT
 * (or TRACE_SLOW_MS in development) it does nothing and loads nothing else.
 */
import { serviceNameOf, tracingSettings } from './settings.js';
import { startTracing } from './sdk.js';
import { onTracingShutdown } from './shutdown.js';

const settings = tracingSettings(process.env, serviceNameOf(process.argv[1]));
if (settings) {
  const tracing = startTracing(settings);
  // Graceful shutdown exports what is still buffered (see shutdownTracing).
  onTracingShutdown(() => tracing.shutdown());
}
