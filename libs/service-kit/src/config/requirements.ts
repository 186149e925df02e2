import type { z } from 'zod';
import { devDefaultOf } from './dev-defaults.js';

/** What a deployment (compose file, Kubernetes manifests, an operator) must provide. */
export interface ProductionRequirements {
  /** Must be set in production (MIA_ENV unset or production): dev-only defaults, or no default at all. */
  required: string[];
  /** Every secret variable, required or optional: it belongs in a secret store, never in git. */
  secrets: string[];
  /** The rest: optional, or with a default that is fine in production. */
  optional: string[];
}

// Names that hold credentials whether or not the schema marks them (an optional API key). Narrow
// on purpose: EXPOSE_RESET_TOKEN or RESET_TOKEN_TTL_MINUTES are settings, not secrets.
const SECRET_NAME = /SECRET|PASSWORD|(API|PRIVATE|ACCESS)_KEY$|(AUTH|ACCESS|API)_TOKEN$/i;

type Shape = Record<string, z.ZodType>;

/**
 * Reads a service's config schema the way loadConfig judges a production environment: a
 * devDefault/devSecret variable must be set, and so must one the schema cannot do without.
 * A variable that only a whole-schema refinement requires in production (identity's SMTP_URL)
 * is found by parsing a production environment made of the development values.
 */
export function productionRequirements(schema: z.ZodObject): ProductionRequirements {
  const shape = schema.shape as Shape;
  const required = new Set<string>();
  for (const [name, field] of Object.entries(shape)) {
    if (devDefaultOf(field) || !field.safeParse(undefined).success) required.add(name);
  }
  for (const name of requiredByRefinements(schema, shape, required)) required.add(name);

  const names = Object.keys(shape);
  return {
    required: names.filter((name) => required.has(name)),
    secrets: names.filter(
      (name) => devDefaultOf(shape[name] as z.ZodType)?.secret || SECRET_NAME.test(name),
    ),
    optional: names.filter((name) => !required.has(name)),
  };
}

function requiredByRefinements(schema: z.ZodObject, shape: Shape, required: Set<string>): string[] {
  const input: Record<string, unknown> = {};
  if ('MIA_ENV' in shape) input.MIA_ENV = 'production';
  for (const name of required) {
    const field = shape[name] as z.ZodType;
    const value = devDefaultOf(field)?.value();
    // Without a value for every required variable the refinements never run: nothing to learn.
    // One that may be absent outside production (NATS_PASSWORD) is simply left out.
    if (value === undefined) {
      if (field.safeParse(undefined).success) continue;
      return [];
    }
    input[name] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .map((issue) => String(issue.path[0] ?? ''))
    .filter((name) => name in shape && !(name in input));
}
