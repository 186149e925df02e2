const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day `at` falls in, as midnight UTC (what a `date` column holds). */
export const utcDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The last `days` days ending with `today`'s, oldest first, each with its availability (up
 * rounds / rounds) or null for a day without probes.
 */
export function uptimeDays(
  recorded: ReadonlyArray<{ day: Date; checks: number; up: number }>,
  today: Date,
  days: number,
): Array<{ date: string; availability: number | null }> {
  const byDay = new Map(recorded.map((r) => [utcDay(r.day).getTime(), r]));
  const last = utcDay(today).getTime();
  return Array.from({ length: days }, (_, i) => {
    const day = last - (days - 1 - i) * DAY_MS;
    const r = byDay.get(day);
    return {
      date: new Date(day).toISOString().slice(0, 10),
      availability: r && r.checks > 0 ? r.up / r.checks : null,
    };
  });
}
