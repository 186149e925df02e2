/**
 * Weight of the newest measurement in the moving average. At ~10 tasks/s a change in the
 * machine's speed (another process taking a core) shows within a second, while one slow task
 * (a GC pause) moves the average by a fifth of its excess only.
 */
export const TASK_TIME_WEIGHT = 0.2;

/**
 * How long one bcrypt task keeps a worker busy: an exponentially weighted moving average of the
 * measured times, so the pool can tell how long a new task would wait.
 */
export class TaskTimeAverage {
  #ms: number;
  #measured = false;

  /** `guessMs` stands until the first measurement, which then replaces it entirely. */
  constructor(guessMs: number) {
    this.#ms = guessMs;
  }

  get ms(): number {
    return this.#ms;
  }

  add(sampleMs: number): void {
    if (!Number.isFinite(sampleMs) || sampleMs < 0) return;
    // A guess is worth less than one real measurement of this machine, so the first one is
    // taken whole rather than blended in over the next dozen tasks.
    this.#ms = this.#measured ? this.#ms + TASK_TIME_WEIGHT * (sampleMs - this.#ms) : sampleMs;
    this.#measured = true;
  }
}
