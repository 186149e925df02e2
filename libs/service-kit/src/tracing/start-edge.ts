/**
 * The gateway's tracing start (`import '@mia/service-kit/tracing/start-edge'`, first in its
 * main.ts): as tracing/start.ts, without the node:http instrumentation. The gateway starts its
 * route span itself and forwards the traceparent (see runInServerSpan, injectIntoHttpHeaders).
 */
import { serviceNameOf, tracingSettings } from './settings.js';
import { startTracing } from './sdk.js';
import { onTracingShutdown } from './shutdown.js';

const settings = tracingSettings(process.env, serviceNameOf(process.argv[1]));
if (settings) {
  const tracing = startTracing(settings, { http: false });
  onTracingShutdown(() => tracing.shutdown());
}
