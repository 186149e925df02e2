import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The one clock of a service: commands decide with it and the store stamps events with it. */
export type Clock = () => Date;
export type IdGenerator = () => string;

export const systemClock: Clock = () => new Date();
export const randomIds: IdGenerator = () => randomUUID();

/**
 * A clock tests move by hand. Starts at `start` and only changes when told, so a rule such as
 * "a reset link lasts an hour" is tested by advancing time, not by editing tables.
 */
export interface ManualClock extends Clock {
  advance(ms: number): Date;
  set(at: Date | string): Date;
}

export function manualClock(start: Date | string = '2026-01-01T00:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime();
  const clock = (() => new Date(current)) as ManualClock;
  clock.advance = (ms) => new Date((current += ms));
  clock.set = (at) => new Date((current = new Date(at).getTime()));
  return clock;
}

/**
 * A test run's shared time (MIA_TEST_CLOCK_FILE, refused unless MIA_ENV=test): the wall clock
 * plus the offset in milliseconds written in `path`. The test moves the file and the Stripe
 * sandbox's clock together, so renewals, grace windows and expiries come due for the services
 * exactly when they do at the provider. Read on every call (a clock is synchronous and the file
 * is one number in the page cache); a missing or unreadable file is no offset, and a value that
 * is not a number is an error (a typo must not silently run on the wall clock).
 */
export function offsetFileClock(path: string, wall: () => number = Date.now): Clock {
  return () => new Date(wall() + readOffsetMs(path));
}

function readOffsetMs(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return 0;
  }
  if (text === '') return 0;
  const offset = Number(text);
  if (!Number.isFinite(offset)) throw new Error(`${path}: clock offset ${text} is not a number`);
  return offset;
}
