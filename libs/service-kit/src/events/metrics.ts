import { Counter, Gauge, register } from 'prom-client';

// Metrics live in prom-client's default registry. Looking them up first keeps a second import
// of this module (e.g. src and dist in one process) from throwing "already registered".
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return (
    (register.getSingleMetric(name) as Counter<L> | undefined) ??
    new Counter<L>({ name, help, labelNames })
  );
}

function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return (
    (register.getSingleMetric(name) as Gauge<L> | undefined) ??
    new Gauge<L>({ name, help, labelNames })
  );
}

export const eventMetrics = {
  appended: counter('events_appended_total', 'Events appended to the event store', ['type']),
  published: counter('events_published_total', 'Events published by the relay', ['type']),
  consumed: counter('events_consumed_total', 'Events handled by consumers', ['consumer', 'type']),
  failed: counter('events_failed_total', 'Failed consumer handler attempts', ['consumer', 'type']),
  parked: counter('events_parked_total', 'Events parked as dead letters', ['consumer', 'type']),
  relayLag: gauge('relay_lag_events', 'Events stored but not yet published', ['publisher']),
  relayLagSeconds: gauge(
    'relay_lag_seconds',
    'Age of the oldest event stored but not yet published (0 when caught up)',
    ['publisher'],
  ),
  relayErrors: counter('relay_publish_errors_total', 'Relay publish failures', ['publisher']),
};
