import type { K8sObject } from './kustomize.js';

// Evaluates Kubernetes NetworkPolicies the way the API defines them, for the few features the
// manifests use (matchLabels, namespaceSelector by name, ipBlock, named and numbered ports), so
// a test can ask "may A open a connection to B on this port?".

type Labels = Record<string, string>;

/** A pod: its namespace, its labels and its named container ports. */
export interface PodEndpoint {
  namespace: string;
  labels: Labels;
  ports?: Record<string, number>;
}

/** One side of a connection: a pod of the cluster, or an address outside it. */
export type Endpoint = PodEndpoint | { external: true };

interface Peer {
  podSelector?: { matchLabels?: Labels };
  namespaceSelector?: { matchLabels?: Labels };
  ipBlock?: { cidr: string; except?: string[] };
}

interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ port?: number | string; protocol?: string }>;
}

interface PolicySpec {
  podSelector: { matchLabels?: Labels };
  policyTypes?: Array<'Ingress' | 'Egress'>;
  ingress?: Rule[];
  egress?: Rule[];
}

const selects = (selector: { matchLabels?: Labels } | undefined, labels: Labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);

const NAMESPACE_NAME = 'kubernetes.io/metadata.name';

function peerMatches(peer: Peer, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) return 'external' in other && peer.ipBlock.cidr === '0.0.0.0/0';
  if ('external' in other) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { [NAMESPACE_NAME]: other.namespace })
    : other.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, other.labels);
}

function portMatches(rule: Rule, destination: Endpoint, port: string | number): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  const number =
    typeof port === 'number'
      ? port
      : 'external' in destination
        ? undefined
        : destination.ports?.[port];
  return rule.ports.some((p) =>
    typeof p.port === 'string' ? p.port === port : p.port === undefined || p.port === number,
  );
}

const specOf = (policy: K8sObject) => policy.spec as PolicySpec;
const typesOf = (spec: PolicySpec) =>
  spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);

/** Whether one side lets the connection through: unselected pods allow everything. */
function sideAllows(
  policies: K8sObject[],
  direction: 'Ingress' | 'Egress',
  self: Endpoint,
  other: Endpoint,
  destination: Endpoint,
  port: string | number,
): boolean {
  if ('external' in self) return true;
  const applying = policies.filter(
    (p) =>
      p.metadata.namespace === self.namespace &&
      typesOf(specOf(p)).includes(direction) &&
      selects(specOf(p).podSelector, self.labels),
  );
  if (applying.length === 0) return true;
  return applying.some((policy) => {
    const rules = (direction === 'Ingress' ? specOf(policy).ingress : specOf(policy).egress) ?? [];
    return rules.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      const peerOk =
        !peers ||
        peers.length === 0 ||
        peers.some((peer) => peerMatches(peer, policy.metadata.namespace!, other));
      return peerOk && portMatches(rule, destination, port);
    });
  });
}

/** May `from` open a connection to `to` on `port` (a number, or the name of one of `to`'s ports)? */
export function allows(
  policies: K8sObject[],
  from: Endpoint,
  to: Endpoint,
  port: string | number,
): boolean {
  return (
    sideAllows(policies, 'Egress', from, to, to, port) &&
    sideAllows(policies, 'Ingress', to, from, to, port)
  );
}
