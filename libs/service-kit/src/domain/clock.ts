import { randomUUID } from 'node:crypto';

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
