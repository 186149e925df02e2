export interface BackoffOptions {
  /** Delay before the second attempt. */
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** Fraction of the delay randomised (0..1), so retries of many messages spread out. */
  jitter?: number;
}

/** Delay before retry number `attempt` (1 = first retry): exponential, capped, optional jitter. */
export function backoffDelay(
  attempt: number,
  { initialMs = 1_000, maxMs = 60_000, factor = 2, jitter = 0 }: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, attempt - 1);
  const base = Math.min(maxMs, initialMs * factor ** exponent);
  if (jitter <= 0) return Math.round(base);
  const spread = base * Math.min(1, jitter);
  return Math.round(Math.min(maxMs, base - spread + random() * spread * 2));
}
