export {
  activeSpanIds,
  contextFromTraceparent,
  currentTraceparent,
  extractFromHeaders,
  injectIntoHeaders,
  injectIntoHttpHeaders,
  nameActiveSpan,
  TRACEPARENT,
  type HeaderMap,
} from './propagation.js';
export { failSpan, SpanKind, tracer, withSpan, type SpanOptions } from './spans.js';
export { shutdownTracing } from './shutdown.js';
export { tracingConfigShape } from './config-shape.js';
