import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type BcryptTask =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Pending {
  task: BcryptTask;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

/** Thrown when more bcrypt work is waiting than the pool accepts (the caller answers 503). */
export class BcryptBusyError extends Error {
  override readonly name = 'BcryptBusyError';
}

// bcryptjs is pure JavaScript and blocks whatever thread runs it, even through its async API
// (~75 ms at cost 10, ~150 ms at 11 here), so it runs in worker threads. The worker is given
// as source text: the same code then works from src/ (tests) and dist/ without a build step.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', ({ id, task }) => {
  try {
    const result = task.op === 'hash'
      ? bcrypt.hashSync(task.password, task.cost)
      : bcrypt.compareSync(task.password, task.hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');

export const defaultBcryptWorkers = () => Math.max(1, Math.min(2, availableParallelism()));

export interface BcryptPoolOptions {
  /** Worker threads (default: 2, or 1 on a single core). */
  workers?: number;
  /** Tasks allowed to wait for a worker before run() refuses with BcryptBusyError. */
  maxQueue?: number;
  /**
   * A worker left idle this long is stopped (default 30 s) and started again on the next use.
   * Each holds its own V8 heap (~10 MB): after a burst of sign-ins the service goes back to its
   * idle footprint instead of keeping the burst's workers for the rest of its life.
   */
  idleMs?: number;
}

/**
 * A bounded pool of bcrypt worker threads, started on first use and stopped when idle, with a
 * bounded queue.
 */
export class BcryptPool {
  readonly #size: number;
  readonly #maxQueue: number;
  readonly #idleMs: number;
  readonly #idleTimers = new Map<Worker, NodeJS.Timeout>();
  readonly #idle: Worker[] = [];
  readonly #busy = new Map<Worker, Pending>();
  readonly #queue: Pending[] = [];
  #started = 0;
  #closed = false;
  #nextId = 0;

  constructor(options: BcryptPoolOptions = {}) {
    this.#size = options.workers ?? defaultBcryptWorkers();
    // ~64 waiting checks are a few seconds of work; beyond that, answering 503 beats a timeout.
    this.#maxQueue = options.maxQueue ?? 64;
    this.#idleMs = options.idleMs ?? 30_000;
  }

  /** Worker threads alive now, busy or idle (for tests and metrics). */
  get workers(): number {
    return this.#started;
  }

  run(task: BcryptTask): Promise<string | boolean> {
    if (this.#closed) return Promise.reject(new Error('BcryptPool is closed'));
    if (this.#queue.length >= this.#maxQueue) {
      return Promise.reject(new BcryptBusyError('Too many password checks waiting'));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ task, resolve, reject });
      this.#dispatch();
    });
  }

  /** Work running or waiting (for tests and metrics). */
  get pending(): number {
    return this.#busy.size + this.#queue.length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#idleTimers.values()) clearTimeout(timer);
    this.#idleTimers.clear();
    for (const job of this.#queue.splice(0)) job.reject(new Error('BcryptPool is closed'));
    const workers = [...this.#idle.splice(0), ...this.#busy.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? this.#spawn();
      if (!worker) return;
      clearTimeout(this.#idleTimers.get(worker));
      this.#idleTimers.delete(worker);
      const job = this.#queue.shift()!;
      this.#busy.set(worker, job);
      worker.postMessage({ id: this.#nextId++, task: job.task });
    }
  }

  #spawn(): Worker | undefined {
    if (this.#started >= this.#size) return undefined;
    this.#started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    // Idle workers must not keep a finished process (a CLI, a test run) alive.
    worker.unref();
    worker.on('message', (message: { result?: string | boolean; error?: string }) => {
      const job = this.#busy.get(worker);
      this.#busy.delete(worker);
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.result!);
      }
      if (this.#closed) return;
      this.#idle.push(worker);
      this.#dispatch();
      if (this.#idle.includes(worker)) this.#retireWhenIdle(worker);
    });
    const lost = (error: Error) => {
      clearTimeout(this.#idleTimers.get(worker));
      this.#idleTimers.delete(worker);
      const job = this.#busy.get(worker);
      this.#busy.delete(worker);
      const idle = this.#idle.indexOf(worker);
      if (idle !== -1) this.#idle.splice(idle, 1);
      this.#started--;
      job?.reject(error);
      if (!this.#closed) this.#dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (this.#busy.has(worker) || this.#idle.includes(worker)) {
        lost(new Error(`bcrypt worker exited with code ${code}`));
      }
    });
    return worker;
  }

  #retireWhenIdle(worker: Worker): void {
    const timer = setTimeout(() => {
      this.#idleTimers.delete(worker);
      const idle = this.#idle.indexOf(worker);
      if (idle === -1 || this.#closed) return;
      this.#idle.splice(idle, 1);
      this.#started--;
      void worker.terminate();
    }, this.#idleMs);
    timer.unref();
    this.#idleTimers.set(worker, timer);
  }
}
