import { statusRows, type ServiceStatusValue, type StatusRow } from '@mia/contracts';

/** What the probes watch: the services behind the gateway, the gateway, the payment provider. */
export const components = ['gateway', 'identity', 'billing', 'access', 'payment-provider'] as const;
export type Component = (typeof components)[number];

/**
 * What each row of the status page stands for (issue 26): a row is down when any of its
 * components is. GPT access and its verification API live in access; the dashboard needs a
 * signed-in user (identity) and their tools (access).
 */
export const rowComponents: Readonly<Record<StatusRow, readonly Component[]>> = {
  'gpt-access': ['access'],
  authentication: ['identity'],
  payments: ['billing', 'payment-provider'],
  website: ['gateway'],
  dashboard: ['access', 'identity'],
};

/** A component as the last probe round left it; absent when it is not probed here. */
export interface ComponentHealth {
  up: boolean;
  checkedAt: Date;
}

export interface OpenIncident {
  type: 'incident' | 'maintenance';
  services: readonly string[];
}

/**
 * Whether a row is up by its probed components: false when one is down, true when every
 * probed one is up, null when none is probed (or the last round is too old to mean anything).
 */
export function rowUp(
  row: StatusRow,
  health: ReadonlyMap<Component, ComponentHealth>,
  freshAfter: Date,
): boolean | null {
  const known = rowComponents[row]
    .map((c) => health.get(c))
    .filter((h): h is ComponentHealth => h !== undefined && h.checkedAt >= freshAfter);
  if (known.length === 0) return null;
  return known.every((h) => h.up);
}

/**
 * A row's status: "incident" when its probes fail or staff declared an open incident on it,
 * "maintenance" when an open maintenance names it, otherwise "operational" (no evidence of a
 * problem, including a row nobody probes).
 */
export function rowStatus(
  row: StatusRow,
  up: boolean | null,
  open: readonly OpenIncident[],
): ServiceStatusValue {
  const named = open.filter((i) => i.services.includes(row));
  if (up === false || named.some((i) => i.type === 'incident')) return 'incident';
  if (named.some((i) => i.type === 'maintenance')) return 'maintenance';
  return 'operational';
}

export { statusRows };
