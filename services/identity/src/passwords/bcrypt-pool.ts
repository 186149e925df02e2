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
}

/** A fixed pool of bcrypt worker threads, started on first use, with a bounded queue. */
export class BcryptPool {
  readonly #size: number;
  readonly #maxQueue: number;
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
    for (const job of this.#queue.splice(0)) job.reject(new Error('BcryptPool is closed'));
    const workers = [...this.#idle.splice(0), ...this.#busy.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? this.#spawn();
      if (!worker) return;
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
    });
    const lost = (error: Error) => {
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
}
