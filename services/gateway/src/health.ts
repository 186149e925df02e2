import type { ReadinessCheck } from '@mia/service-kit';
import type { ServiceName } from './routes-table.js';

/**
 * One readiness check per service behind the gateway: its own /readyz must answer 2xx. The
 * kit's health routes run them in parallel with a timeout and answer in the same shape as
 * every service (`{status, checks: {identity: 'ok', ...}}`).
 */
export function upstreamReadiness(
  upstreams: Readonly<Record<ServiceName, string>>,
  timeoutMs: number,
): ReadinessCheck[] {
  return (Object.entries(upstreams) as Array<[ServiceName, string]>).map(([name, baseUrl]) => {
    const url = new URL('/readyz', baseUrl);
    return {
      name,
      async check() {
        // The kit stops waiting after its timeout; the signal also frees the request itself.
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`${name} /readyz answered ${res.status}`);
      },
    };
  });
}
