import { z } from 'zod';

/**
 * `schema` after trimming the named string fields of the body: " Ana@Iglesia.org " is a valid
 * address, and e-mails are compared trimmed (and lower-cased) whatever the shared schemas do
 * with whitespace. Other values pass through untouched, for the schema to refuse.
 */
export const trimmed = <S extends z.ZodType>(schema: S, ...fields: string[]) =>
  z.preprocess((body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const field of fields) {
      const value = copy[field];
      if (typeof value === 'string') copy[field] = value.trim();
    }
    return copy;
  }, schema);
