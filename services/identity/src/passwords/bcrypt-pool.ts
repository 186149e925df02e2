import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TaskTimeAverage } from './task-time.js';

export type BcryptTask =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Pending {
  task: BcryptTask;
  /** When run() accepted it (the pool's clock), to refuse it once it has waited too long. */
  queuedAt: number;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

/**
 * Thrown when a task would wait, or has waited, longer than the pool's budget (the caller
 * answers 503). `expectedWaitMs` is what a task arriving now would wait: when to come back.
 */
export class BcryptBusyError extends Error {
  override readonly name = 'BcryptBusyError';
  constructor(
    message: string,
    readonly expectedWaitMs: number,
  ) {
    super(message);
  }
}

// bcryptjs is pure JavaScript and blocks whatever thread runs it, even through its async API
// (~75 ms at cost 10, ~150 ms at 11 here), so it runs in worker threads. The worker is given
// as source text: the same code then works from src/ (tests) and dist/ without a build step.
// It times the work itself: timed from the main thread, a new worker's first task would also
// count the worker's start (~100 ms on a busy machine) as hashing.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', ({ id, task }) => {
  try {
    const started = performance.now();
    const result = task.op === 'hash'
      ? bcrypt.hashSync(task.password, task.cost)
      : bcrypt.compareSync(task.password, task.hash);
    parentPort.postMessage({ id, result, ms: performance.now() - started });
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
  /**
   * Longest expected wait for a worker that run() accepts (default 25 s); a task that would wait
   * longer, or has waited longer before a worker took it, gets BcryptBusyError.
   */
  maxWaitMs?: number;
  /**
   * Tasks allowed to wait whatever the expected wait (default 1,000): a memory bound only, for
   * when tasks are so fast that the wait budget alone would let the queue grow without end.
   */
  maxQueue?: number;
  /**
   * Expected time of one task until the first one is measured (default 125 ms: cost 11 on the
   * reference machine). The hasher passes a guess for its cost.
   */
  initialTaskMs?: number;
  /** Clock in milliseconds for the time tasks wait (default performance.now; tests fake it). */
  now?: () => number;
  /**
   * A worker left idle this long is stopped (default 30 s) and started again on the next use.
   * Each holds its own V8 heap (~10 MB): after a burst of sign-ins the service goes back to its
   * idle footprint instead of keeping the burst's workers for the rest of its life.
   */
  idleMs?: number;
}

/**
 * A bounded pool of bcrypt worker threads, started on first use and stopped when idle, whose
 * queue admits a task by the wait it can expect (deadline-based load shedding): a burst is
 * served as long as it can be served in time, and refused at once when it cannot, so the client
 * gets a quick 503 with Retry-After instead of a timeout after its request was worked on anyway.
 */
export class BcryptPool {
  readonly #size: number;
  readonly #maxWaitMs: number;
  readonly #maxQueue: number;
  readonly #idleMs: number;
  readonly #now: () => number;
  readonly #taskTime: TaskTimeAverage;
  readonly #idleTimers = new Map<Worker, NodeJS.Timeout>();
  readonly #idle: Worker[] = [];
  readonly #busy = new Map<Worker, Pending>();
  readonly #queue: Pending[] = [];
  #started = 0;
  #closed = false;
  #nextId = 0;

  constructor(options: BcryptPoolOptions = {}) {
    this.#size = options.workers ?? defaultBcryptWorkers();
    // Below the 30 s after which the gateway gives up on identity (PROXY_TIMEOUT_MS), leaving the
    // rest for the hash itself and the request's database work.
    this.#maxWaitMs = options.maxWaitMs ?? 25_000;
    this.#maxQueue = options.maxQueue ?? 1_000;
    this.#idleMs = options.idleMs ?? 30_000;
    this.#now = options.now ?? (() => performance.now());
    this.#taskTime = new TaskTimeAverage(options.initialTaskMs ?? 125);
  }

  /** Worker threads alive now, busy or idle (for tests and metrics). */
  get workers(): number {
    return this.#started;
  }

  run(task: BcryptTask): Promise<string | boolean> {
    if (this.#closed) return Promise.reject(new Error('BcryptPool is closed'));
    const wait = this.expectedWaitMs;
    if (wait > this.#maxWaitMs || this.#queue.length >= this.#maxQueue) {
      return Promise.reject(new BcryptBusyError('Too many password checks waiting', wait));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ task, queuedAt: this.#now(), resolve, reject });
      this.#dispatch();
    });
  }

  /** Work running or waiting (for tests and metrics). */
  get pending(): number {
    return this.#busy.size + this.#queue.length;
  }

  /** Moving average of one task's time in a worker, in ms (for tests and metrics). */
  get averageTaskMs(): number {
    return this.#taskTime.ms;
  }

  /**
   * How long a task given to run() now would wait for a worker: the tasks ahead of it shared
   * among the workers, at the average time each. Running tasks count as whole ones, so the
   * estimate errs towards refusing. With more workers than free cores each task measures
   * longer, so the estimate stays honest without knowing the machine.
   */
  get expectedWaitMs(): number {
    return (this.pending / this.#size) * this.#taskTime.ms;
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
      this.#refuseOverdue();
      if (this.#queue.length === 0) return;
      const worker = this.#idle.pop() ?? this.#spawn();
      if (!worker) return;
      clearTimeout(this.#idleTimers.get(worker));
      this.#idleTimers.delete(worker);
      const job = this.#queue.shift()!;
      this.#busy.set(worker, job);
      worker.postMessage({ id: this.#nextId++, task: job.task });
    }
  }

  /**
   * Refuses the tasks that have waited past the budget (the average rose after they were
   * accepted). Their clients were promised an answer or a 503 within it and may have given up;
   * run now, they would be answered close to the gateway's 30 s, with the worker time that
   * tasks still within their budget need. Checked whenever a worker frees up or a task arrives;
   * the queue is in arrival order, so the overdue ones are at its head.
   */
  #refuseOverdue(): void {
    const now = this.#now();
    while (this.#queue.length > 0 && now - this.#queue[0]!.queuedAt > this.#maxWaitMs) {
      const job = this.#queue.shift()!;
      job.reject(new BcryptBusyError('Waited too long for a password check', this.expectedWaitMs));
    }
  }

  #spawn(): Worker | undefined {
    if (this.#started >= this.#size) return undefined;
    this.#started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    // Idle workers must not keep a finished process (a CLI, a test run) alive.
    worker.unref();
    worker.on('message', (message: { result?: string | boolean; error?: string; ms?: number }) => {
      const job = this.#busy.get(worker);
      this.#busy.delete(worker);
      if (job) {
        // A refused input fails at once: its time says nothing about what hashing costs.
        if (message.error !== undefined) job.reject(new Error(message.error));
        else {
          if (message.ms !== undefined) this.#taskTime.add(message.ms);
          job.resolve(message.result!);
        }
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
