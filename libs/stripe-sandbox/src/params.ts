import { invalidRequest, missingParam } from './errors.js';
import type { FormObject, FormValue } from './form.js';

/**
 * Readers for decoded form parameters, failing the way Stripe does (400 invalid_request_error
 * naming the parameter). Unknown parameters are ignored rather than refused.
 */
function at(params: FormObject, name: string): FormValue | undefined {
  return params[name];
}

export function strParam(params: FormObject, name: string): string | undefined {
  const value = at(params, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

export function requireStr(params: FormObject, name: string): string {
  const value = strParam(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function intParam(params: FormObject, name: string): number | undefined {
  const value = strParam(params, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function boolParam(params: FormObject, name: string): boolean | undefined {
  const value = strParam(params, name);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false')
    throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function objParam(params: FormObject, name: string): FormObject | undefined {
  const value = at(params, name);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${name}`, name);
  }
  return value;
}

export function arrayParam(params: FormObject, name: string): FormValue[] | undefined {
  const value = at(params, name);
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${name}`, name);
  return value;
}

export function strArrayParam(params: FormObject, name: string): string[] | undefined {
  const values = arrayParam(params, name);
  if (!values) return undefined;
  return values.map((value, index) => {
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}[${index}]`, name);
    return value;
  });
}

export function enumParam<T extends string>(
  params: FormObject,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = strParam(params, name);
  if (value === undefined || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(
      `Invalid ${name}: must be one of ${allowed.join(', ')}`,
      name,
      'parameter_invalid_string',
    );
  }
  return value as T;
}

/** `expand[]`: the paths to expand, at most four levels deep as Stripe allows. */
export function expandParam(params: FormObject): string[] {
  const paths = strArrayParam(params, 'expand') ?? [];
  for (const path of paths) {
    if (path.split('.').length > 4) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property: ${path}`, 'expand');
    }
  }
  return paths;
}

/**
 * Metadata as Stripe merges it: keys are set, an empty value deletes a key, and an empty
 * `metadata=` clears them all. At most 50 keys, 40-character keys and 500-character values.
 */
export function mergeMetadata(
  current: Record<string, string>,
  params: FormObject,
  name = 'metadata',
): Record<string, string> {
  const value = at(params, name);
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${name}`, name);
  }
  const next = { ...current };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalidRequest(`Invalid string: ${name}[${key}]`, name);
    if (key.length > 40) {
      throw invalidRequest(`Metadata keys can be at most 40 characters: ${key}`, `${name}[${key}]`);
    }
    if (item.length > 500) {
      throw invalidRequest(`Metadata values can be at most 500 characters`, `${name}[${key}]`);
    }
    if (item === '') delete next[key];
    else next[key] = item;
  }
  if (Object.keys(next).length > 50) {
    throw invalidRequest('Metadata can have at most 50 keys', name);
  }
  return next;
}
