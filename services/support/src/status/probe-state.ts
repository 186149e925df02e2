/** What the probes remember of one component between rounds. */
export interface ProbeState {
  up: boolean;
  consecutiveFailures: number;
  /** When `up` last changed. */
  since: Date;
  checkedAt: Date;
  problem: string | null;
}

export type ProbeResult = { ok: true } | { ok: false; problem: string };

/**
 * One round's result folded into a component's state: it goes down after `failuresToDown`
 * failed rounds in a row (one lost packet is not an incident) and up again on the first
 * success. A component never seen starts up, so a failure on the first round still needs the
 * same count.
 */
export function nextProbeState(
  previous: ProbeState | undefined,
  result: ProbeResult,
  now: Date,
  failuresToDown: number,
): ProbeState {
  const before = previous ?? {
    up: true,
    consecutiveFailures: 0,
    since: now,
    checkedAt: now,
    problem: null,
  };
  const consecutiveFailures = result.ok ? 0 : before.consecutiveFailures + 1;
  const up = result.ok || consecutiveFailures < failuresToDown;
  return {
    up,
    consecutiveFailures,
    since: up === before.up && previous ? before.since : now,
    checkedAt: now,
    problem: result.ok ? null : result.problem,
  };
}
