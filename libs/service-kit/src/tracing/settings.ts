import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface TracingSettings {
  serviceName: string;
  /** OTLP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); unset: nothing is exported. */
  endpoint?: string;
  /** OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (default) or http/json. */
  protocol: 'http/protobuf' | 'http/json';
  /** Print traces slower than this to the console (TRACE_SLOW_MS, development only). */
  slowMs?: number;
  /** How long finished spans wait for their batch's export; unset: OTEL_BSP_SCHEDULE_DELAY. */
  batchDelayMs?: number;
}

/**
 * The batch's wait when OTEL_BSP_SCHEDULE_DELAY does not say: the SDK's 5 s kept a sampled
 * trace's spans alive long enough to be promoted to the old generation, and the major
 * collections that followed slowed all of the service's work (bench/results/tracing.md).
 */
export const BATCH_DELAY_MS = 200;

type Env = Record<string, string | undefined>;

/**
 * Whether this process traces at all, and how. Off (undefined) unless an OTLP endpoint is set
 * or, in development, TRACE_SLOW_MS asks for slow traces on the console: off loads no SDK and
 * no instrumentation, so an untraced service pays nothing.
 */
export function tracingSettings(env: Env, serviceName: string): TracingSettings | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined;
  const slow = Number(env.TRACE_SLOW_MS);
  const slowMs =
    env.MIA_ENV === 'development' && env.TRACE_SLOW_MS && Number.isFinite(slow) && slow >= 0
      ? slow
      : undefined;
  if (env.OTEL_SDK_DISABLED === 'true' || (!endpoint && slowMs === undefined)) return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json' ? 'http/json' : 'http/protobuf';
  const batchDelayMs = env.OTEL_BSP_SCHEDULE_DELAY ? undefined : BATCH_DELAY_MS;
  return {
    serviceName: env.OTEL_SERVICE_NAME || serviceName,
    endpoint,
    protocol,
    slowMs,
    batchDelayMs,
  };
}

/**
 * The running service's name: `billing` for services/billing/dist/main.js (its package is
 * `@mia/billing`), found from the entry script so main.ts needs only a bare import.
 */
export function serviceNameOf(script: string | undefined): string {
  let dir = script ? dirname(script) : process.cwd();
  for (let i = 0; i < 4; i += 1) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const { name } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string };
      if (name) return name.replace(/^@mia\//, '');
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
