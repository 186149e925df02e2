import type { Logger } from '@mia/service-kit';

/**
 * Work done after the answer was sent (e.g. a reset mail), so how long it takes reveals nothing
 * to the caller. Failures are logged; shutdown waits for what is in flight.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const promise = (async () => {
      try {
        await task();
      } catch (err) {
        this.logger.error({ err, task: name }, 'background task failed');
      }
    })();
    this.#running.add(promise);
    void promise.finally(() => this.#running.delete(promise));
  }

  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
