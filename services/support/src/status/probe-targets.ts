import type { SupportConfig } from '../config.js';
import type { ProbeTarget } from './probe.js';
import type { Component } from './rows.js';

const at = (bases: readonly string[], path: string) =>
  bases.map((base) => new URL(path, base.endsWith('/') ? base : `${base}/`).toString());

/**
 * The configured probe targets. Services answer /readyz (their database and NATS); the gateway
 * answers /healthz, because its /readyz fails whenever any service does and would turn the
 * website row red for a billing outage.
 */
export function probeTargets(config: SupportConfig): Map<Component, ProbeTarget> {
  const entries: Array<[Component, ProbeTarget]> = [
    ['gateway', { urls: at(config.STATUS_PROBE_GATEWAY_URL, 'healthz'), expect: 'ready' }],
    ['identity', { urls: at(config.STATUS_PROBE_IDENTITY_URL, 'readyz'), expect: 'ready' }],
    ['billing', { urls: at(config.STATUS_PROBE_BILLING_URL, 'readyz'), expect: 'ready' }],
    ['access', { urls: at(config.STATUS_PROBE_ACCESS_URL, 'readyz'), expect: 'ready' }],
    ['payment-provider', { urls: config.STATUS_PROBE_PAYMENT_PROVIDER_URL, expect: 'reachable' }],
  ];
  return new Map(entries.filter(([, target]) => target.urls.length > 0));
}
