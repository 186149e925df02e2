export {
  activeSpanIds,
  contextFromTraceparent,
  currentTraceparent,
  extractFromHeaders,
  injectIntoHeaders,
  injectIntoHttpHeaders,
  TRACEPARENT,
  type HeaderMap,
} from './propagation.js';
export {
  failSpan,
  runInServerSpan,
  SpanKind,
  tracer,
  withSpan,
  type SpanOptions,
} from './spans.js';
export { shutdownTracing } from './shutdown.js';
export { tracingConfigShape } from './config-shape.js';
