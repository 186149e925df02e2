import {
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

// A module may be loaded twice in one process (sources in tests, dist in services): these reuse
// a metric already registered under the name instead of failing on the duplicate. All metrics
// live in prom-client's default registry, which GET /metrics serves.
export function metricCounter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}
export function metricGauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T> {
  return (register.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge(config);
}
export function metricHistogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
  return (
    (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config)
  );
}

export const httpRequestsTotal = metricCounter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, matched route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpRequestDuration = metricHistogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency, by method, matched route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Process metrics (CPU, memory, event loop lag, GC) once per process. */
export function ensureDefaultMetrics(): void {
  if (register.getSingleMetric('process_cpu_seconds_total')) return;
  collectDefaultMetrics();
}

export { register as metricsRegistry };
