import { createRequire } from 'node:module';
import { inSampledTrace } from './sampled.js';

const require = createRequire(import.meta.url);

interface PgUtils {
  shouldSkipInstrumentation?: (config: { requireParentSpan?: boolean }) => boolean;
}

/**
 * The pg instrumentation's `requireParentSpan` only asks whether some span is active: in a trace
 * sampled out (nine requests in ten with a 0.1 ratio) it still builds attributes, starts a
 * non-recording span and binds the query's callback and promise to the context, for every query.
 * Here it asks whether the active span is sampled instead, so an unsampled request's queries go
 * straight to pg. The instrumentation has no option for it: this replaces its (exported, looked up
 * at each call) helper. Answers false when that helper is not where this version keeps it; the
 * unit test (pg-sampled-only.unit.test.ts) fails then, rather than the cost coming back silently.
 */
export function pgSpansOnlyWhenSampled(): boolean {
  let utils: PgUtils;
  try {
    utils = require('@opentelemetry/instrumentation-pg/build/src/utils') as PgUtils;
  } catch {
    return false;
  }
  if (typeof utils.shouldSkipInstrumentation !== 'function') return false;
  utils.shouldSkipInstrumentation = (config) =>
    config.requireParentSpan === true && !inSampledTrace();
  return true;
}
