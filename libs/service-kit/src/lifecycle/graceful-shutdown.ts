import type { Server } from 'node:http';
import type { Logger } from '../logger.js';

/** Something to stop on the way out, in order: consumers, relay, NATS drain, pool end. */
export interface ShutdownStep {
  name: string;
  stop(): Promise<void> | void;
}

export interface GracefulShutdownOptions {
  server?: Server;
  logger: Logger;
  steps?: readonly ShutdownStep[];
  /** Everything must be done by then, or the process exits with code 1 (default 10 s). */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** Replaced in tests; process.exit otherwise. */
  exit?: (code: number) => void;
}

export interface ShutdownHandle {
  /** Starts the shutdown (as a signal would); resolves when it is done. Idempotent. */
  shutdown(reason: string): Promise<void>;
  /** Removes the signal listeners (tests). */
  dispose(): void;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    // Stop accepting; in-flight requests go on and their connections close when they finish.
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    // A kept-alive connection that finishes its request becomes idle; close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}

/**
 * On SIGTERM/SIGINT: stop accepting requests, let in-flight ones finish, run the steps in order
 * (each even if an earlier one failed), then exit 0. Past the timeout: log, drop remaining
 * connections and exit 1, so an orchestrator never waits on a hung process.
 */
export function gracefulShutdown(options: GracefulShutdownOptions): ShutdownHandle {
  const { server, logger, steps = [] } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let running: Promise<void> | undefined;

  async function run(reason: string): Promise<void> {
    logger.info({ reason, timeoutMs }, 'shutting down');
    let exited = false;
    const timer = setTimeout(() => {
      exited = true;
      logger.error({ timeoutMs }, 'shutdown timed out; forcing exit');
      server?.closeAllConnections();
      exit(1);
    }, timeoutMs);
    timer.unref();

    let failed = false;
    if (server?.listening) {
      try {
        await closeServer(server);
        logger.info('http server closed');
      } catch (error) {
        failed = true;
        logger.error({ err: error }, 'closing the http server failed');
      }
    }
    for (const step of steps) {
      if (exited) return;
      try {
        await step.stop();
        logger.info({ step: step.name }, 'stopped');
      } catch (error) {
        failed = true;
        logger.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
    clearTimeout(timer);
    if (exited) return;
    logger.info('shutdown complete');
    exit(failed ? 1 : 0);
  }

  const shutdown = (reason: string) => (running ??= run(reason));
  const onSignal = (signal: NodeJS.Signals) => {
    if (running) logger.warn({ signal }, 'already shutting down');
    void shutdown(signal);
  };
  for (const signal of signals) process.on(signal, onSignal);

  return {
    shutdown,
    dispose() {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
}
