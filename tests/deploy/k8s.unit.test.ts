import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  containersOf,
  kubectlAvailable,
  render,
  renderWithKubectl,
  type K8sObject,
} from './support/kustomize.js';
import { productionValue } from './support/production-values.js';
import {
  configProblems,
  loadService,
  repoPath,
  serviceNames,
  usesDatabase,
  usesNats,
  type DeployableService,
} from './support/repo.js';

const BASE = 'deploy/k8s/base';
const OVERLAYS = readdirSync(repoPath('deploy/k8s/overlays')).map(
  (d) => `deploy/k8s/overlays/${d}`,
);
const objects = render(BASE);

type Json = Record<string, unknown>;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  securityContext?: Json;
  resources?: { requests?: Json; limits?: Json };
}

const find = (kind: string, name: string, from = objects) =>
  from.find((o) => o.kind === kind && o.metadata.name === name);

const configMapData = (name: string): Record<string, string> => {
  const map = find('ConfigMap', name);
  if (!map) throw new Error(`ConfigMap ${name} is not in ${BASE}`);
  return (map.data ?? {}) as Record<string, string>;
};

type Source = { literal: string } | { secret: string };

/** Where each variable of the container comes from: a literal (or ConfigMap) value, or a Secret. */
function sourcesOf(container: Container): Map<string, Source> {
  const sources = new Map<string, Source>();
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      for (const [key, value] of Object.entries(configMapData(from.configMapRef.name))) {
        sources.set(key, { literal: value });
      }
    }
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    const mapped = variable.valueFrom?.configMapKeyRef;
    if (secret) sources.set(variable.name, { secret: `${secret.name}/${secret.key}` });
    else if (mapped) {
      sources.set(variable.name, { literal: configMapData(mapped.name)[mapped.key] ?? '' });
    } else sources.set(variable.name, { literal: variable.value ?? '' });
  }
  return sources;
}

function serviceContainer(name: string, from = objects): Container {
  const deployment = find('Deployment', name, from);
  if (!deployment) throw new Error(`no Deployment ${name} in ${BASE}`);
  const containers = containersOf(deployment) as unknown as Container[];
  expect(containers).toHaveLength(1);
  return containers[0]!;
}

describe.each(serviceNames())('kubernetes %s', (name) => {
  let service: DeployableService;
  let container: Container;

  beforeAll(async () => {
    service = await loadService(name);
    container = serviceContainer(name);
  });

  it('runs its image on its port, behind a Service of the same name and port', () => {
    expect(container.image).toBe(`mia/${name}`);
    const port = container.ports?.find((p) => p.name === 'http');
    expect(port?.containerPort).toBe(service.port);
    const svc = find('Service', name);
    const spec = svc?.spec as { selector: Json; ports: Array<Json> } | undefined;
    expect(spec?.ports).toEqual([{ name: 'http', port: service.port, targetPort: 'http' }]);
    const template = (
      find('Deployment', name)?.spec as { template: { metadata: K8sObject['metadata'] } }
    ).template;
    expect(template.metadata.labels).toMatchObject(spec?.selector ?? { missing: true });
  });

  it('is probed for liveness on /healthz and for readiness on /readyz', () => {
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    // A service with its own dependencies is ready when it reaches them; the gateway, whose
    // /readyz needs every service, is ready when it runs (see the base kustomization).
    const readiness = usesDatabase(service) || usesNats(service) ? '/readyz' : '/healthz';
    expect(container.readinessProbe?.httpGet).toEqual({ path: readiness, port: 'http' });
  });

  it('runs as a non-root user without privilege escalation, within resource limits', () => {
    const pod = (find('Deployment', name)?.spec as { template: { spec: Json } }).template.spec;
    const podSecurity = pod.securityContext as { runAsNonRoot?: boolean; runAsUser?: number };
    expect(podSecurity?.runAsNonRoot).toBe(true);
    expect(podSecurity?.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
    for (const kind of ['requests', 'limits'] as const) {
      expect(container.resources?.[kind], kind).toMatchObject({
        cpu: expect.anything(),
        memory: expect.anything(),
      });
    }
  });

  it('gets every variable required in production, secrets only from Secrets', () => {
    const sources = sourcesOf(container);
    const missing = service.requirements.required.filter((v) => !sources.has(v));
    expect(missing, `${name}: required variables missing from ${BASE}`).toEqual([]);
    for (const secret of service.requirements.secrets) {
      const source = sources.get(secret);
      if (source)
        expect(source, `${name}: ${secret} must come from a Secret`).toHaveProperty('secret');
    }
    const unknown = (container.env ?? [])
      .map((v) => v.name)
      .filter((v) => !(v in service.schema.shape));
    expect(unknown, `${name}: variables its configuration does not read`).toEqual([]);
  });

  it('starts in production with these values once its Secrets exist', () => {
    const env = Object.fromEntries(
      [...sourcesOf(container)].map(([key, source]) => [
        key,
        'literal' in source ? source.literal : productionValue(key),
      ]),
    );
    expect(env.MIA_ENV).toBe('production');
    expect(configProblems(service.schema, env), name).toEqual([]);
  });

  it('reaches other services by their Service name and port', () => {
    const upstream = new RegExp(`^(${serviceNames().join('|')})_URL$`, 'i');
    for (const [variable, source] of sourcesOf(container)) {
      const target = upstream.exec(variable)?.[1]?.toLowerCase();
      if (!target || !('literal' in source)) continue;
      const url = new URL(source.literal);
      expect(url.hostname, variable).toBe(target);
      const targetSpec = find('Service', target)?.spec as { ports: Array<{ port: number }> };
      expect(Number(url.port), variable).toBe(targetSpec.ports[0]?.port);
    }
  });
});

describe('kubernetes base', () => {
  it('puts everything in one namespace that it creates', () => {
    const namespace = objects.find((o) => o.kind === 'Namespace')?.metadata.name;
    expect(namespace).toBeDefined();
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace);
    }
  });

  it('exposes the gateway, and only the gateway, through the Ingress', () => {
    type Rule = { http?: { paths: Array<{ backend: { service: Json } }> } };
    const backends = objects
      .filter((o) => o.kind === 'Ingress')
      .flatMap((o) => (o.spec as { rules: Rule[] }).rules)
      .flatMap((rule) => rule.http?.paths ?? [])
      .map((path) => path.backend.service);
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    expect(find('Service', 'gateway')).toBeDefined();
  });

  it('rolls out without ever dropping below the desired replicas', () => {
    for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
      expect(deployment.spec, deployment.metadata.name).toMatchObject({
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } },
      });
    }
  });

  it('has a Deployment for each service of the repository and nothing else', () => {
    const deployments = objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    expect(deployments.sort()).toEqual(serviceNames().sort());
  });

  it.each(OVERLAYS)('%s only retags images the base uses', (overlay) => {
    const rendered = render(overlay);
    for (const name of serviceNames()) {
      expect(serviceContainer(name, rendered).image).toMatch(new RegExp(`/mia/${name}:[\\w.-]+$`));
    }
  });
});

describe.runIf(kubectlAvailable())('kubectl kustomize', () => {
  const normalise = (list: K8sObject[]) =>
    list
      .map((o) => {
        const copy = structuredClone(o) as K8sObject & { spec?: Json };
        for (const container of containersOf(copy) as unknown as Container[]) {
          container.env?.sort((a, b) => a.name.localeCompare(b.name));
          // kubectl puts a patch's ports (metrics-port.yaml) before the base's; order is moot.
          container.ports?.sort((a, b) => a.containerPort - b.containerPort);
        }
        return copy;
      })
      .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));

  it.each([BASE, ...OVERLAYS])(
    'renders %s as this test reads it',
    (dir) => {
      expect(normalise(render(dir))).toEqual(normalise(renderWithKubectl(dir)));
      // kubectl is a separate process; on a loaded 2-core machine it can take seconds.
    },
    30_000,
  );
});
