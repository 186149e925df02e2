import { readdirSync } from 'node:fs';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { containersOf, render, type K8sObject } from './support/kustomize.js';
import { allows, type Endpoint, type PodEndpoint } from './support/network-policy.js';
import { readRepoFile, repoPath, serviceNames } from './support/repo.js';

// The manifests against the Kubernetes API's own schemas (kubernetes-models, generated from
// the OpenAPI definitions, validates offline), and the rules a rollout and the security review
// rely on: disruption budgets, the metrics port, and who may reach whom.

const BASE = 'deploy/k8s/base';
const OVERLAYS = readdirSync(repoPath('deploy/k8s/overlays')).map(
  (d) => `deploy/k8s/overlays/${d}`,
);
const NATS_ACCESS = 'deploy/k8s/nats-access';
const objects = render(BASE);

/** The models of the kinds the manifests use; a new kind needs its model here. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function schemaProblems(object: K8sObject): string | undefined {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) return `no schema for ${object.apiVersion} ${object.kind}: add its model`;
  try {
    new Model(object as never).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

type Json = Record<string, unknown>;
const deployments = objects.filter((o) => o.kind === 'Deployment');
// The namespace's own policies and NATS's (in its namespace), as a cluster would hold them.
const policies = [...objects, ...render(NATS_ACCESS)].filter((o) => o.kind === 'NetworkPolicy');
const domainServices = serviceNames().filter((s) => s !== 'gateway');

function pod(name: string): PodEndpoint {
  const deployment = deployments.find((d) => d.metadata.name === name);
  if (!deployment) throw new Error(`no Deployment ${name}`);
  const template = (
    deployment.spec as { template: { metadata: { labels: Record<string, string> } } }
  ).template;
  const ports = (containersOf(deployment)[0]?.ports ?? []) as Array<{
    name: string;
    containerPort: number;
  }>;
  return {
    namespace: deployment.metadata.namespace!,
    labels: template.metadata.labels,
    ports: Object.fromEntries(ports.map((p) => [p.name, p.containerPort])),
  };
}

const inNamespace = (namespace: string, labels: Record<string, string> = {}): PodEndpoint => ({
  namespace,
  labels,
});
const outside: Endpoint = { external: true };

describe('kubernetes schemas', () => {
  it.each([BASE, NATS_ACCESS, ...OVERLAYS])(
    '%s renders objects the Kubernetes API accepts',
    (dir) => {
      const problems = render(dir).flatMap((object) => {
        const problem = schemaProblems(object);
        return problem ? [`${object.kind}/${object.metadata.name}: ${problem}`] : [];
      });
      expect(problems).toEqual([]);
    },
  );

  it('would refuse a manifest the API refuses (a port that is not a number)', () => {
    const broken = structuredClone(deployments[0]!);
    (containersOf(broken)[0]!.ports as Json[])[0]!.containerPort = 'http';
    expect(schemaProblems(broken)).toMatch(/containerPort must be integer/);
  });
});

describe.each(serviceNames())('kubernetes %s rollouts', (name) => {
  const deployment = deployments.find((d) => d.metadata.name === name)!;
  const spec = deployment.spec as {
    replicas: number;
    template: { metadata: { labels: Record<string, string> } };
  };

  it('has startup, liveness and readiness probes on its traffic port', () => {
    const container = containersOf(deployment)[0] as Record<string, { httpGet?: Json }>;
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      expect(container[probe]?.httpGet, probe).toMatchObject({ port: 'http' });
    }
  });

  it('keeps a pod serving through voluntary disruptions (PodDisruptionBudget)', () => {
    const budgets = objects.filter(
      (o) =>
        o.kind === 'PodDisruptionBudget' &&
        Object.entries(
          (o.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
        ).every(([k, v]) => spec.template.metadata.labels[k] === v),
    );
    expect(budgets).toHaveLength(1);
    const budget = budgets[0]!.spec as { maxUnavailable?: number; minAvailable?: number };
    const available = budget.minAvailable ?? spec.replicas - (budget.maxUnavailable ?? 0);
    expect(available, 'pods left during a drain').toBeGreaterThanOrEqual(1);
    expect(spec.replicas).toBeGreaterThan(1);
  });

  it('drains long enough for Kubernetes to stop routing to it, within its grace period', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'mia-common')!;
    const data = (config as unknown as { data: Record<string, string> }).data;
    const drainMs = Number(data.SHUTDOWN_DRAIN_MS);
    const timeoutMs = Number(data.SHUTDOWN_TIMEOUT_MS ?? 10_000);
    const pod = (deployment.spec as { template: { spec: Record<string, unknown> } }).template.spec;
    const container = containersOf(deployment)[0] as {
      readinessProbe?: { periodSeconds?: number; failureThreshold?: number };
    };
    const probe = container.readinessProbe!;
    // Two failed probes take the pod out of its Service; the drain must outlast them.
    expect(drainMs).toBeGreaterThanOrEqual(
      (probe.periodSeconds ?? 10) * (probe.failureThreshold ?? 3) * 1000,
    );
    expect(Number(pod.terminationGracePeriodSeconds) * 1000).toBeGreaterThan(drainMs + timeoutMs);
  });

  it('serves /metrics on the container port named `metrics`, apart from its traffic', () => {
    const ports = pod(name).ports!;
    expect(ports.metrics).toEqual(expect.any(Number));
    expect(ports.metrics).not.toBe(ports.http);
    // The process must listen there too: its own METRICS_PORT setting says the same number.
    const container = containersOf(deployment)[0] as { env?: { name: string; value?: string }[] };
    const setting = container.env?.find((e) => e.name === 'METRICS_PORT')?.value;
    expect(Number(setting), 'METRICS_PORT').toBe(ports.metrics);
  });
});

describe('kubernetes network policies', () => {
  const ingressController = inNamespace('ingress-nginx', { 'app.kubernetes.io/name': 'x' });
  const monitoring = inNamespace('monitoring', { 'app.kubernetes.io/name': 'prometheus' });
  const nats = inNamespace('nats', { 'app.kubernetes.io/name': 'nats' });

  it("keep NATS to the services, from NATS's side too (deploy/k8s/nats-access)", () => {
    for (const name of domainServices) {
      expect(allows(policies, pod(name), nats, 4222), name).toBe(true);
    }
    expect(allows(policies, inNamespace('elsewhere'), nats, 4222)).toBe(false);
    expect(allows(policies, inNamespace('mia', gateway.labels), nats, 4222)).toBe(false);
    expect(allows(policies, nats, nats, 6222), 'cluster routes').toBe(true);
  });
  const gateway = pod('gateway');

  it('deny everything not allowed, in both directions, for every pod', () => {
    const stranger = inNamespace('elsewhere');
    for (const name of serviceNames()) {
      expect(allows(policies, stranger, pod(name), 'http'), name).toBe(false);
      expect(allows(policies, pod(name), stranger, 8080), name).toBe(false);
    }
  });

  it('let only the Ingress controller reach the gateway, and only the gateway the services (and the status probes)', () => {
    expect(allows(policies, ingressController, gateway, 'http')).toBe(true);
    for (const name of domainServices) {
      expect(allows(policies, ingressController, pod(name), 'http'), name).toBe(false);
      expect(allows(policies, gateway, pod(name), 'http'), name).toBe(true);
      for (const other of domainServices.filter((o) => o !== name)) {
        // Support's status page probes every service's /readyz (ADR 0019); nothing else crosses.
        const probes = other === 'support';
        expect(allows(policies, pod(other), pod(name), 'http'), `${other} -> ${name}`).toBe(probes);
      }
    }
  });

  it("let support's status probes reach every service its configuration names", () => {
    const env = (containersOf(deployments.find((d) => d.metadata.name === 'support')!)[0]!.env ??
      []) as Array<{ name: string; value?: string }>;
    const probed = env.filter(
      (v) => /^STATUS_PROBE_[A-Z]+_URL$/.test(v.name) && v.value?.startsWith('http://'),
    );
    expect(probed.map((v) => v.name).sort()).toEqual([
      'STATUS_PROBE_ACCESS_URL',
      'STATUS_PROBE_BILLING_URL',
      'STATUS_PROBE_GATEWAY_URL',
      'STATUS_PROBE_IDENTITY_URL',
    ]);
    for (const { name, value } of probed) {
      const target = new URL(value!).hostname;
      const to = target === 'gateway' ? gateway : pod(target);
      expect(allows(policies, pod('support'), to, 'http'), name).toBe(true);
    }
  });

  it('let the gateway reach every upstream its configuration names', () => {
    const env = (containersOf(deployments.find((d) => d.metadata.name === 'gateway')!)[0]!.env ??
      []) as Array<{ name: string; value?: string }>;
    const upstreams = env.filter((v) => /^[A-Z]+_URL$/.test(v.name) && v.value);
    expect(upstreams.length).toBeGreaterThan(0);
    for (const { name, value } of upstreams) {
      const target = new URL(value!).hostname;
      expect(allows(policies, gateway, pod(target), 'http'), name).toBe(true);
    }
  });

  it('let only the services reach NATS (at the address the configuration names) and PostgreSQL', () => {
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'mia-common');
    const natsUrls = String((config?.data as Json).NATS_URL).split(',');
    for (const url of natsUrls.map((u) => new URL(u.trim()))) {
      // nats.<namespace>.svc...: the NATS cluster's namespace is the host's second label.
      const namespace = url.hostname.split('.')[1]!;
      const port = Number(url.port || 4222);
      const server = inNamespace(namespace, nats.labels);
      for (const name of domainServices) {
        expect(allows(policies, pod(name), server, port), `${name} -> ${url.host}`).toBe(true);
      }
      expect(allows(policies, gateway, server, port), 'gateway -> NATS').toBe(false);
    }
    for (const name of domainServices) {
      expect(allows(policies, pod(name), outside, 5432), `${name} -> PostgreSQL`).toBe(true);
    }
    expect(allows(policies, gateway, outside, 5432), 'gateway -> PostgreSQL').toBe(false);
  });

  it('let monitoring scrape every pod on its metrics port, and nothing else', () => {
    for (const name of serviceNames()) {
      expect(allows(policies, monitoring, pod(name), 'metrics'), name).toBe(true);
      expect(allows(policies, monitoring, pod(name), 'http'), name).toBe(false);
    }
  });

  it('set the metrics port number in one place', () => {
    const setting = readdirSync(repoPath(BASE)).filter((f) =>
      /- name: metrics\s*\n\s*containerPort:/.test(readRepoFile(`${BASE}/${f}`)),
    );
    expect(setting).toEqual(['metrics-port.yaml']);
  });
});
