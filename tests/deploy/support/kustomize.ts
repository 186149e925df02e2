import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { readRepoFile, readYaml, repoPath } from './repo.js';

// Renders a kustomization. kubectl (which embeds kustomize) is not on every machine, so the few
// features these manifests use are also implemented here; where kubectl exists, k8s.unit.test.ts
// checks that both agree.

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Target {
  kind?: string;
  name?: string;
  /** `key=value` (the only form used here). */
  labelSelector?: string;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  labels?: Array<{ pairs: Record<string, string> }>;
  patches?: Array<{ path?: string; patch?: string; target?: Target }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
}

type Json = Record<string, unknown>;

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const named = (list: unknown[]): list is Array<Json & { name: string }> =>
  list.every((item) => isMap(item) && typeof item.name === 'string');

/** Strategic merge as kustomize applies it to these fields: lists of named items merge by name. */
function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isMap(base) && isMap(patch)) {
    const out: Json = { ...base };
    for (const [key, value] of Object.entries(patch)) out[key] = strategicMerge(base[key], value);
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && named(base) && named(patch)) {
    const out = [...base];
    for (const item of patch) {
      const index = out.findIndex((existing) => existing.name === item.name);
      if (index === -1) out.push(item);
      else out[index] = strategicMerge(out[index], item) as Json & { name: string };
    }
    return out;
  }
  return patch;
}

/** RFC 6902, the `replace` and `add` operations these manifests use. */
function jsonPatch(object: Json, operations: Array<{ op: string; path: string; value: unknown }>) {
  for (const { op, path, value } of operations) {
    if (op !== 'replace' && op !== 'add') throw new Error(`unsupported patch op ${op}`);
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    let node: unknown = object;
    for (const key of keys) node = (node as Json)[key];
    if (Array.isArray(node) && last === '-') node.push(value);
    else (node as Json)[last] = value;
  }
}

function matches(object: K8sObject, target: Target = {}): boolean {
  const [label, value] = target.labelSelector?.split('=') ?? [];
  return (
    (!target.kind || target.kind === object.kind) &&
    (!target.name || target.name === object.metadata.name) &&
    (!label || object.metadata.labels?.[label] === value)
  );
}

function containersOf(object: K8sObject): Json[] {
  const template = (object.spec as Json | undefined)?.template as Json | undefined;
  return ((template?.spec as Json | undefined)?.containers as Json[] | undefined) ?? [];
}

function renderLocally(dir: string): K8sObject[] {
  const k = readYaml(join(dir, 'kustomization.yaml')) as Kustomization;
  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    objects.push(
      ...(resource.endsWith('.yaml')
        ? parseAllDocuments(readRepoFile(path)).map((d) => d.toJS() as K8sObject)
        : renderLocally(path)),
    );
  }
  for (const patch of k.patches ?? []) {
    const text = patch.path ? readRepoFile(join(dir, patch.path)) : (patch.patch ?? '');
    const parsed = parseAllDocuments(text)[0]?.toJS() as unknown;
    objects = objects.map((object) => {
      if (!matches(object, patch.target)) return object;
      if (Array.isArray(parsed)) {
        const copy = structuredClone(object);
        jsonPatch(copy, parsed as Array<{ op: string; path: string; value: unknown }>);
        return copy;
      }
      const { metadata: _ignored, ...fields } = parsed as Json;
      return strategicMerge(object, fields) as K8sObject;
    });
  }
  for (const object of objects) {
    if (k.namespace && object.kind !== 'Namespace') object.metadata.namespace = k.namespace;
    for (const { pairs } of k.labels ?? []) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
    }
    for (const container of containersOf(object)) {
      const image = k.images?.find((i) => i.name === String(container.image).split(':')[0]);
      if (image) {
        container.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
      }
    }
  }
  return objects;
}

export function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

export function renderWithKubectl(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', repoPath(dir)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return parseAllDocuments(output).map((d) => d.toJS() as K8sObject);
}

export const render = (dir: string): K8sObject[] => renderLocally(dir);

export { containersOf };
