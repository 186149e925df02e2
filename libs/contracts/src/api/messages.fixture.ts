import type { z } from 'zod';

/** `path: message` of every issue, in order; [] when the value is valid. */
export const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
