import { readRepoFile, readYaml } from './repo.js';

export interface ComposeService {
  image?: string;
  /** Started only when one of these profiles is (`docker compose --profile test up`). */
  profiles?: string[];
  build?: {
    context?: string;
    dockerfile?: string;
    target?: string;
    args?: Record<string, string | number>;
  };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ports?: Array<string | number>;
  volumes?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export const COMPOSE_FILE = 'docker-compose.yml';
export const COMPOSE_ENV_EXAMPLE = 'deploy/compose.env.example';

export const loadCompose = () => readYaml(COMPOSE_FILE) as ComposeFile;

const VARIABLE = /\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g;

/** The variables a value reads from the shell/.env (`${NAME}`, `${NAME:-x}`, `${NAME:?msg}`). */
export const variablesIn = (value: string): string[] =>
  [...value.matchAll(VARIABLE)].map((match) => match[1]!);

/** Compose's interpolation: `:-` also replaces an empty value, `:?` fails on a missing one. */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(VARIABLE, (_, name: string, op?: string, operand = '') => {
    const current = env[name];
    const unset = current === undefined || (op?.startsWith(':') === true && current === '');
    if (op?.endsWith('?') && unset) throw new Error(`${name}: ${operand || 'required'}`);
    if (op?.endsWith('-') && unset) return operand;
    return current ?? '';
  });
}

/** A secret must come from the operator's environment: a bare `${NAME}` with no default. */
export const isPassThrough = (value: string, name: string) =>
  new RegExp(`^\\$\\{${name}(:?\\?[^}]*|:-)?\\}$`).test(value);

/** A service's environment after interpolation with `env` (what the container would get). */
export function environmentOf(
  service: ComposeService,
  env: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value ?? ''), env),
    ]),
  );
}

export const dependenciesOf = (service: ComposeService): Record<string, string | undefined> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, undefined]))
    : Object.fromEntries(
        Object.entries(service.depends_on ?? {}).map(([name, dep]) => [name, dep.condition]),
      );

/** KEY=value lines of an env file (comments and blank lines skipped). */
export function readEnvFile(path: string): Record<string, string> {
  const entries: Array<[string, string]> = [];
  for (const line of readRepoFile(path).split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) entries.push([match[1]!, match[2]!.trim()]);
  }
  return Object.fromEntries(entries);
}

/** Every variable the compose file reads from the shell or .env. */
export function composeVariables(): string[] {
  return [...new Set(variablesIn(readRepoFile(COMPOSE_FILE)))].sort();
}
