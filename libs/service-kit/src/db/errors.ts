/**
 * PostgreSQL unique_violation, however the driver wrapped it (pg error, Prisma error with a
 * cause). With `constraint`, a violation of another constraint does not count; when the driver
 * hides the constraint name, any unique violation does.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let unnamedViolation = false;
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      meta?: { code?: unknown; message?: unknown };
      cause?: unknown;
    };
    const text = [e.message, e.meta?.message].filter((m) => typeof m === 'string').join(' ');
    if (e.code === '23505' || e.meta?.code === '23505' || /unique constraint|23505/i.test(text)) {
      if (!constraint) return true;
      if (typeof e.constraint === 'string') return e.constraint === constraint;
      if (text.includes(constraint)) return true;
      unnamedViolation ||= !/constraint "[^"]+"/.test(text);
    }
    current = e.cause;
  }
  return unnamedViolation;
}
