/**
 * The sandbox's own time, in unix seconds like every Stripe timestamp. It runs with the wall
 * clock from a chosen start and only ever moves forward; advancing it (a Stripe test clock's job)
 * is how renewals, retries and period ends become testable in seconds.
 */
export interface SandboxClock {
  /** Now, in unix seconds. */
  now(): number;
  /** Moves the clock forward to `unixSeconds` (never backwards). */
  moveTo(unixSeconds: number): void;
}

export function createClock(start?: Date | number, wall: () => number = Date.now): SandboxClock {
  const startMs =
    start === undefined ? wall() : start instanceof Date ? start.getTime() : start * 1000;
  let offsetMs = startMs - wall();
  const nowMs = () => wall() + offsetMs;
  return {
    now: () => Math.floor(nowMs() / 1000),
    moveTo(unixSeconds) {
      const target = unixSeconds * 1000;
      if (target > nowMs()) offsetMs = target - wall();
    },
  };
}

export const DAY = 86_400;

export type Interval = 'day' | 'week' | 'month' | 'year';

/**
 * The end of `count` intervals after `anchor`, the way Stripe bills calendar months: the anchor's
 * day of month, clamped to the month's last day (Jan 31 -> Feb 28 -> Mar 31).
 */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  if (interval === 'day') return anchor + count * DAY;
  if (interval === 'week') return anchor + count * 7 * DAY;
  const months = interval === 'year' ? count * 12 : count;
  const date = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const end = Date.UTC(
    year,
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return Math.floor(end / 1000);
}
