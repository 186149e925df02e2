import type { RequestHandler } from 'express';

/**
 * Trims the named string fields of a JSON body before validation: " Ana@Iglesia.org " is a
 * valid address, and e-mails are compared trimmed (and lower-cased) whatever the shared
 * schemas do with whitespace.
 */
export const trimFields =
  (...fields: string[]): RequestHandler =>
  (req, _res, next) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      for (const field of fields) {
        const value = body[field];
        if (typeof value === 'string') body[field] = value.trim();
      }
    }
    next();
  };
