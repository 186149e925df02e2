import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import {
  ConfigError,
  loadConfig,
  productionRequirements,
  type ProductionRequirements,
} from '@mia/service-kit';
import type { z } from 'zod';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const repoPath = (...parts: string[]) => join(REPO_ROOT, ...parts);
export const inRepo = (path: string) => existsSync(repoPath(path));
export const readRepoFile = (path: string) => readFileSync(repoPath(path), 'utf8');

/** Repository-relative form of an absolute path inside it, e.g. `web/dist`. */
export const repoRelative = (absolute: string) => relative(REPO_ROOT, absolute);

/** YAML as compose and kubectl read it (`<<` merge keys included). */
export const readYaml = (path: string): unknown => parse(readRepoFile(path), { merge: true });

export interface DeployableService {
  name: string;
  dir: string;
  schema: z.ZodObject;
  requirements: ProductionRequirements;
  /** The port it listens on when PORT is not set. */
  port: number;
  /** Libraries it is built with (tsconfig references, transitively), e.g. `libs/contracts`. */
  libs: string[];
}

/** Every workspace under services/: each one is shipped as its own image. */
export function serviceNames(): string[] {
  const { workspaces } = JSON.parse(readRepoFile('package.json')) as { workspaces: string[] };
  return workspaces
    .filter((w) => w.startsWith('services/'))
    .map((w) => w.slice('services/'.length));
}

const isObjectSchema = (value: unknown): value is z.ZodObject =>
  typeof value === 'object' && value !== null && 'shape' in value && 'safeParse' in value;

/** services/<name>/src/config.ts must export its schema as `configSchema` or `<x>ConfigSchema`. */
function schemaOf(name: string, module: Record<string, unknown>): z.ZodObject {
  const candidates = Object.entries(module).filter(
    ([key, value]) =>
      (key === 'configSchema' || key.endsWith('ConfigSchema')) && isObjectSchema(value),
  );
  const schema = module.configSchema ?? (candidates.length === 1 ? candidates[0]![1] : undefined);
  if (!isObjectSchema(schema)) {
    throw new Error(
      `services/${name}/src/config.ts must export one zod object schema named configSchema ` +
        `(or <name>ConfigSchema); found: ${Object.keys(module).join(', ') || 'nothing'}`,
    );
  }
  return schema;
}

function libsOf(projectDir: string, seen = new Set<string>()): string[] {
  const tsconfig = JSON.parse(readRepoFile(join(projectDir, 'tsconfig.json'))) as {
    references?: Array<{ path: string }>;
  };
  for (const reference of tsconfig.references ?? []) {
    const lib = relative(REPO_ROOT, resolve(REPO_ROOT, projectDir, reference.path));
    if (seen.has(lib)) continue;
    seen.add(lib);
    libsOf(lib, seen);
  }
  return [...seen].sort();
}

export async function loadService(name: string): Promise<DeployableService> {
  const dir = `services/${name}`;
  const configFile = repoPath(dir, 'src', 'config.ts');
  if (!existsSync(configFile)) throw new Error(`${dir}/src/config.ts does not exist yet`);
  const configModule = (await import(/* @vite-ignore */ pathToFileURL(configFile).href)) as Record<
    string,
    unknown
  >;
  const schema = schemaOf(name, configModule);
  const portField = (schema.shape as Record<string, z.ZodType>).PORT;
  if (!portField) throw new Error(`${dir}: its config schema has no PORT`);
  return {
    name,
    dir,
    schema,
    requirements: productionRequirements(schema),
    port: Number(portField.parse(undefined)),
    libs: libsOf(dir),
  };
}

/** The variables a schema reads (its shape's keys). */
export const variablesOf = (schema: z.ZodObject) => Object.keys(schema.shape);

/** Whether the service keeps data in PostgreSQL / talks to NATS (so needs them to start). */
export const usesDatabase = (s: DeployableService) =>
  variablesOf(s.schema).includes('DATABASE_URL');
export const usesNats = (s: DeployableService) => variablesOf(s.schema).includes('NATS_URL');

/** What loadConfig would refuse in `env`, as `VAR: reason` lines (empty: the service starts). */
export function configProblems(
  schema: z.ZodObject,
  env: Record<string, string | undefined>,
): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((p) => `${p.variable}: ${p.reason}`);
  }
}
