import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { devDefaultOf } from './dev-defaults.js';
import { isProductionEnv, nodeEnvConflict } from './mia-env.js';

export interface ConfigProblem {
  variable: string;
  reason: string;
}

/** Thrown by loadConfig; the message lists every bad variable (never its value). */
export class ConfigError extends Error {
  constructor(
    readonly problems: ConfigProblem[],
    production: boolean,
  ) {
    const heading = production
      ? 'Refusing to start: invalid configuration for production (MIA_ENV unset or production)'
      : 'Invalid configuration';
    super(`${heading}:\n${problems.map((p) => `  - ${p.variable}: ${p.reason}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const requiredMessage = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined;

/**
 * Parses the environment once at start. Empty variables count as unset (compose files often
 * write `FOO=`). In production (MIA_ENV unset or `production`) every devSecret/devDefault
 * variable must be set, and a devSecret must differ from its development value. Every problem
 * is reported at once, so an empty environment names every setting it lacks in one message.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Env = process.env): z.output<S> {
  const input: Env = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }

  const problems: ConfigProblem[] = [];
  const result = schema.safeParse(input, { error: requiredMessage });
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push({ variable: String(issue.path[0] ?? '(config)'), reason: issue.message });
    }
  }

  const production = isProductionEnv(env);
  const conflict = nodeEnvConflict(env);
  if (conflict) problems.push({ variable: 'MIA_ENV', reason: conflict });
  if (production) {
    for (const problem of developmentValuesIn(schema, input)) {
      if (!problems.some((p) => p.variable === problem.variable)) problems.push(problem);
    }
  }

  if (problems.length > 0 || !result.success) throw new ConfigError(problems, production);
  return result.data;
}

function developmentValuesIn(schema: z.ZodObject, input: Env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [variable, field] of Object.entries(schema.shape)) {
    const mark = devDefaultOf(field as z.ZodType);
    if (!mark) continue;
    if (input[variable] === undefined) {
      problems.push({
        variable,
        reason: mark.secret
          ? 'is required in production (the development secret is only a default outside production)'
          : 'must be set explicitly in production (the development default only applies outside production)',
      });
      continue;
    }
    if (!mark.secret) continue;
    const devValue = mark.value();
    if (devValue === undefined) continue;
    const actual = (field as z.ZodType).safeParse(input[variable]);
    const dev = (field as z.ZodType).safeParse(devValue);
    if (actual.success && dev.success && isDeepStrictEqual(actual.data, dev.data)) {
      problems.push({
        variable,
        reason: 'is the development secret, which is public; set a production value',
      });
    }
  }
  return problems;
}
