/** The free trial gives access to every tool for this many days. */
export const trial = { days: 3 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trial started at `startedAt` ends; the clock is the caller's, so this stays pure. */
export function trialEndsAt(startedAt: Date, days: number = trial.days): Date {
  return new Date(startedAt.getTime() + days * DAY_MS);
}
