// pg returns int8 as string and Prisma as bigint; jsonb and timestamptz also differ by driver.
// Kit code reads every such column through these so both runners behave the same.

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  throw new TypeError(`Expected an integer column value, got ${String(value)}`);
}

export function toIsoString(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime()))
    throw new TypeError(`Expected a timestamp, got ${String(value)}`);
  return date.toISOString();
}

export const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;
