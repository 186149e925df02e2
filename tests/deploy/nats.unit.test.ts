import { describe, expect, it } from 'vitest';
import { dependenciesOf, loadCompose } from './support/compose.js';
import { readRepoFile, readYaml, serviceNames } from './support/repo.js';

// The provisioning step as compose and Kubernetes run it: the same command of a service image,
// with the generated topology mounted, as the admin user; the services wait for it.
const compose = loadCompose();
const PROVISION = ['nats-provision', '/etc/nats/topology.json'];

describe('NATS provisioning in deployments', () => {
  it('compose provisions once NATS is healthy, and every domain service waits for it', () => {
    const job = compose.services['nats-provision'];
    expect(job?.command).toEqual(PROVISION);
    expect(job?.volumes).toContain('./deploy/nats:/etc/nats:ro');
    expect(job?.environment?.NATS_USER).toBe('admin');
    expect(String(job?.environment?.NATS_PASSWORD)).toMatch(/^\$\{ADMIN_NATS_PASSWORD:\?/);
    expect(dependenciesOf(job!).nats).toBe('service_healthy');
    for (const name of serviceNames().filter((s) => s !== 'gateway')) {
      expect(dependenciesOf(compose.services[name]!)['nats-provision'], name).toBe(
        'service_completed_successfully',
      );
    }
  });

  it('Kubernetes runs the same command with the topology as a ConfigMap and the admin Secret', () => {
    const kustomization = readYaml('deploy/nats/kustomization.yaml') as {
      resources: string[];
      configMapGenerator: Array<{ name: string; files: string[] }>;
    };
    expect(kustomization.configMapGenerator).toContainEqual({
      name: 'nats-topology',
      files: ['topology.json'],
    });
    const job = readYaml(`deploy/nats/${kustomization.resources[0]}`) as {
      kind: string;
      spec: { template: { spec: unknown } };
    };
    expect(job.kind).toBe('Job');
    const pod = job.spec.template.spec as {
      containers: Array<{
        args: string[];
        env: Array<{ name: string; value?: string; valueFrom?: Record<string, unknown> }>;
        volumeMounts: Array<{ name: string; mountPath: string }>;
      }>;
      volumes: Array<{ name: string; configMap?: { name: string } }>;
    };
    const [container] = pod.containers;
    expect(container?.args).toEqual(PROVISION);
    const env = Object.fromEntries(container!.env.map((e) => [e.name, e]));
    expect(env.NATS_USER?.value).toBe('admin');
    expect(env.NATS_PASSWORD?.valueFrom).toHaveProperty('secretKeyRef');
    expect(container?.volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/etc/nats' }),
    );
    expect(pod.volumes).toContainEqual(
      expect.objectContaining({ configMap: { name: 'nats-topology' } }),
    );
    expect(readRepoFile('deploy/nats/topology.json')).toContain('"services"');
  });
});
