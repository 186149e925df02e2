/** Sums and counts come back from PostgreSQL as bigint (or numeric); they fit in a JS number. */
export const num = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);

/** A timestamptz as the ISO instant the exports write (null stays empty). */
export const isoInstant = (value: unknown): string | null =>
  value instanceof Date
    ? value.toISOString()
    : value
      ? new Date(String(value)).toISOString()
      : null;
