import { devDefaultOf } from './dev-defaults.js';
import type { z } from 'zod';

const SENSITIVE_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|API_KEY|_KEY$/i;

function withoutPassword(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.password) return value;
  url.password = 'redacted';
  return url.toString();
}

/**
 * The configuration as it may be logged at start: development secrets and anything named like
 * a secret are replaced, passwords inside URLs are masked.
 */
export function configForLog<S extends z.ZodObject>(
  schema: S,
  config: z.output<S>,
): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config as Record<string, unknown>)) {
    const field = shape[name];
    if ((field && devDefaultOf(field)?.secret) || SENSITIVE_NAME.test(name)) {
      out[name] = value === undefined ? undefined : '[redacted]';
    } else {
      out[name] = typeof value === 'string' ? withoutPassword(value) : value;
    }
  }
  return out;
}
