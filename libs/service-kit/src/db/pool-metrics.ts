import type pg from 'pg';
import { metricGauge } from '../http/metrics.js';

const pools = new Map<string, pg.Pool>();

// Read when /metrics is scraped, from the pools' own counters: nothing to keep in step. A
// request waiting for a connection shows in `waiting`; when it is often above 0 the pool (or
// PostgreSQL behind it) is where the service gives first.
metricGauge({
  name: 'db_pool_clients',
  help: 'PostgreSQL pool clients by state (total, idle, waiting = requests queued for one)',
  labelNames: ['pool', 'state'] as const,
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      if (pool.ending) {
        pools.delete(name);
        continue;
      }
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports `pool` in /metrics under `name` until it ends. */
export function observePool(pool: pg.Pool, name: string): void {
  pools.set(name, pool);
}
