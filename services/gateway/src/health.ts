import type { ReadinessCheck } from '@mia/service-kit';
import type { ServiceName } from './routes-table.js';

/** A failed probe: the reason is the whole story, a stack trace would only repeat on every poll. */
class NotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReady';
    this.stack = `${this.name}: ${message}`;
  }
}

const reasonOf = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  const code = (err.cause as { code?: string } | undefined)?.code;
  return err.name === 'TimeoutError' ? 'timed out' : (code ?? err.message);
};

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
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).catch(
          (err: unknown) => {
            throw new NotReady(`${name} ${url.href}: ${reasonOf(err)}`);
          },
        );
        await res.body?.cancel();
        if (!res.ok) throw new NotReady(`${name} /readyz answered ${res.status}`);
      },
    };
  });
}
