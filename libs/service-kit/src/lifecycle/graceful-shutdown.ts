import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';
import { shutdownTracing } from '../tracing/shutdown.js';

/** Something to stop on the way out, in order: consumers, relay, NATS drain, pool end. */
export interface ShutdownStep {
  name: string;
  stop(): Promise<void> | void;
}

export interface GracefulShutdownOptions {
  server?: Server;
  logger: Logger;
  steps?: readonly ShutdownStep[];
  /** Everything after the drain delay must be done by then, or the process exits 1 (default 10 s). */
  timeoutMs?: number;
  /**
   * How long to go on serving after the signal while GET /readyz answers 503 (default 0), so a
   * load balancer probing readiness stops sending new requests before the listener closes:
   * at least two of its probe intervals (the gateway probes every UPSTREAM_PROBE_INTERVAL_MS).
   */
  drainMs?: number;
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

/**
 * From now on the server itself answers GET /readyz with 503, before the app sees it; every
 * other request is served as before. Works for any server (a service's or the gateway's)
 * without the app knowing about shutdowns.
 */
export function answerUnreadyFrom(server: Server): void {
  const listeners = server.listeners('request') as Array<(...args: unknown[]) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (url === '/readyz' || url.startsWith('/readyz?')) {
      const body = '{"status":"draining","checks":{}}';
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
      });
      res.end(body);
      return;
    }
    for (const listener of listeners) listener(req, res);
  });
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
 * On SIGTERM/SIGINT: answer readiness 503 and keep serving for the drain delay (load balancers
 * take the process out meanwhile), then stop accepting requests, close idle keep-alive
 * connections, let in-flight requests finish, run the steps in order (each even if an earlier
 * one failed), and exit 0. Past the timeout: log, drop remaining connections and exit 1, so an
 * orchestrator never waits on a hung process.
 */
export function gracefulShutdown(options: GracefulShutdownOptions): ShutdownHandle {
  const { server, logger, steps = [] } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const drainMs = options.drainMs ?? 0;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let running: Promise<void> | undefined;

  async function run(reason: string): Promise<void> {
    logger.info({ reason, timeoutMs, drainMs }, 'shutting down');
    if (server?.listening && drainMs > 0) {
      answerUnreadyFrom(server);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      logger.info({ drainMs }, 'drained: no longer accepting requests');
    }
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
    // Last, so the spans of the requests and steps above are exported too.
    await shutdownTracing();
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
