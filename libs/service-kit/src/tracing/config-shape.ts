import { z } from 'zod';

/**
 * The tracing variables, validated with the rest of a service's configuration so a typo stops
 * the start with a clear message. The SDK reads them from the environment itself (see
 * tracing/start.ts, which runs before any configuration is loaded).
 */
export const tracingConfigShape = {
  // Unset: no tracing at all (no SDK loaded). Set: spans go there over OTLP/HTTP.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  // Unset: parentbased_always_on. E.g. parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0.1.
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  // Development only: print traces slower than this many milliseconds to the console.
  TRACE_SLOW_MS: z.coerce.number().int().min(0).optional(),
};
