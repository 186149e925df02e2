/**
 * A wake-up call that is never lost: a notify() arriving while nobody waits makes the next
 * wait() return at once.
 */
export class Wakeup {
  private pending = false;
  private wake: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    this.wake?.();
  }

  async wait(timeoutMs: number): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        this.wake = done;
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
      this.wake = undefined;
    }
    this.pending = false;
  }
}

/** Sleeps unless the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Wakes the relay after commits with at most one NOTIFY in flight: commits made while one is on
 * its way share the next, which starts after them. Every commit is thus followed by a
 * notification sent after it, at a rate the database does not feel. A notification lost to a
 * failure or a crash is covered by the relay's poll.
 */
export class CommitNotifier {
  private sending = false;
  private pending = false;

  constructor(private readonly send: () => Promise<void>) {}

  committed(): void {
    this.pending = true;
    if (!this.sending) void this.flush();
  }

  private async flush(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending) {
        this.pending = false;
        await this.send().catch(() => undefined);
      }
    } finally {
      this.sending = false;
    }
  }
}
