import type { z } from 'zod';

/**
 * A default that only makes sense on a developer's machine. `secret`: also refused when it
 * is set explicitly to the development value (a committed key or password is no secret).
 */
export interface DevDefault {
  value: () => unknown;
  secret: boolean;
}

const marked = new WeakMap<z.ZodType, DevDefault>();

type Lazy<T> = T | (() => T);
const lazy = <T>(v: Lazy<T>): (() => T) => (typeof v === 'function' ? (v as () => T) : () => v);

function mark<S extends z.ZodType>(
  schema: S,
  devValue: Lazy<z.input<S> | undefined>,
  secret: boolean,
) {
  const value = lazy(devValue);
  // prefault, not default: the development value is parsed like a real one (normalised, checked),
  // and an unavailable one (undefined) is reported as missing by `schema` itself.
  const withDefault = schema.prefault(value as () => z.input<S>);
  marked.set(withDefault, { value, secret });
  return withDefault;
}

/**
 * Development secret: defaults to `devValue` with MIA_ENV=development or test; in production
 * (MIA_ENV unset or `production`), loadConfig refuses to start while the variable is missing or equal to `devValue`.
 */
export const devSecret = <S extends z.ZodType>(schema: S, devValue: Lazy<z.input<S> | undefined>) =>
  mark(schema, devValue, true);

/**
 * Development-only default for a non-secret setting (local URLs): production must set the
 * variable explicitly, whatever its value.
 */
export const devDefault = <S extends z.ZodType>(
  schema: S,
  devValue: Lazy<z.input<S> | undefined>,
) => mark(schema, devValue, false);

export const devDefaultOf = (schema: z.ZodType): DevDefault | undefined => marked.get(schema);
