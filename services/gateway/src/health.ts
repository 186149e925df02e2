import type { ReadinessCheck } from '@mia/service-kit';
import type { ServiceName } from './routes-table.js';
import type { UpstreamPool } from './upstream-pool.js';

/** A failed probe: the reason is the whole story, a stack trace would only repeat on every poll. */
class NotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReady';
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * One readiness check per service behind the gateway: some replica of it must be ready. The
 * pools' background probes already ask every replica's /readyz, so a GET /readyz here reads
 * their state instead of fanning out (the first one waits for the first round of probes). The
 * kit's health routes answer in the same shape as every service
 * (`{status, checks: {identity: 'ok', ...}}`).
 */
export function upstreamReadiness(
  pools: Readonly<Record<ServiceName, UpstreamPool>>,
): ReadinessCheck[] {
  return (Object.entries(pools) as Array<[ServiceName, UpstreamPool]>).map(([name, pool]) => ({
    name,
    async check() {
      await pool.firstProbe;
      if (pool.ready()) return;
      const reasons = pool.members.map((m) => `${m.url}: ${m.problem ?? 'not ready'}`);
      throw new NotReady(`${name} has no ready replica (${reasons.join('; ')})`);
    },
  }));
}
