import type { Express, RequestHandler } from 'express';

/**
 * Requests whose handlers are still running. A closed connection is not a finished request: a
 * client that gives up (or a proxy timeout) closes its socket while the handler goes on using
 * the database, so a shutdown that only waits for the server's connections would end the pool
 * under it ("Cannot use a pool after calling end on the pool"). A request counts as done when
 * its handler ends the response, whether or not anybody is still listening.
 */
export interface InFlight {
  readonly count: number;
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
}

const trackers = new WeakMap<Express, InFlight>();

export function trackInFlight(app: Express): void {
  let count = 0;
  let waiters: (() => void)[] = [];
  const done = () => {
    count -= 1;
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  trackers.set(app, {
    get count() {
      return count;
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  });
  const middleware: RequestHandler = (_req, res, next) => {
    count += 1;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let ended = false;
    res.end = ((...args: unknown[]) => {
      if (!ended) {
        ended = true;
        done();
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };
  app.use(middleware);
}

/** The app's in-flight requests (createHttpApp tracks them for every service). */
export function inFlightOf(app: Express): InFlight {
  const tracker = trackers.get(app);
  if (!tracker) throw new Error('inFlightOf: the app was not made by createHttpApp');
  return tracker;
}
