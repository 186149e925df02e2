import { DomainError } from '@mia/service-kit';

/**
 * The period the owner asks about: whole UTC days, `from` and `to` both included, so the
 * instants counted are [from 00:00 UTC, the day after `to` 00:00 UTC). At most three years
 * (1096 days, a leap day included): longer asks are refused with 400 rather than summed.
 * Days are of the years 2000 to 2999.
 */
export const MAX_RANGE_DAYS = 1096;

export type SalesInterval = 'day' | 'month';

export interface DayRange {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
  /** from 00:00 UTC. */
  start: Date;
  /** The day after `to`, 00:00 UTC: the end, excluded. */
  end: Date;
  days: number;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant, in UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

function parseDay(text: string, name: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const at = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null;
  // Date.UTC rolls 2026-02-30 over to March: a day that does not round-trip does not exist.
  // Years are bounded so every instant stays a plain ISO string PostgreSQL takes.
  const year = at?.getUTCFullYear() ?? 0;
  if (!at || Number.isNaN(at.getTime()) || utcDay(at) !== text || year < 2000 || year > 2999) {
    throw new DomainError(
      'invalid',
      'invalid_date',
      `"${name}" no es una fecha válida (AAAA-MM-DD, años 2000 a 2999): ${text}.`,
    );
  }
  return at;
}

export function dayRange(from: string, to: string): DayRange {
  const start = parseDay(from, 'from');
  const last = parseDay(to, 'to');
  if (last < start) {
    throw new DomainError('invalid', 'invalid_range', '"from" no puede ser posterior a "to".');
  }
  const days = (last.getTime() - start.getTime()) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new DomainError(
      'invalid',
      'range_too_long',
      `El periodo no puede pasar de ${MAX_RANGE_DAYS} días (3 años); se pidieron ${days}.`,
    );
  }
  return { from, to, start, end: new Date(last.getTime() + DAY_MS), days };
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_, i) =>
    utcDay(new Date(range.start.getTime() + i * DAY_MS)),
  );
}

/** The series point a day falls in: the day itself, or its month's first day. */
export const bucketOf = (day: string, interval: SalesInterval): string =>
  interval === 'day' ? day : `${day.slice(0, 7)}-01`;
