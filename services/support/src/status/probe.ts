import type { ProbeResult } from './probe-state.js';

/**
 * What counts as up: a service's /readyz answering 2xx, or (for the payment provider, which we
 * do not own and which answers an unauthenticated request with 401) any HTTP answer below 500.
 */
export type ProbeExpectation = 'ready' | 'reachable';

export interface ProbeTarget {
  /** Each replica's URL to ask; the component is up when one of them answers as expected. */
  urls: readonly string[];
  expect: ProbeExpectation;
}

async function probeUrl(url: string, expect: ProbeExpectation, timeoutMs: number) {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    // The body is not needed; dropping it frees the socket.
    await res.body?.cancel();
    const ok = expect === 'ready' ? res.ok : res.status < 500;
    return ok ? null : `${url}: HTTP ${res.status}`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return `${url}: ${cause ?? (err as Error).name}`;
  }
}

/** Asks every replica of a component at once; up when one of them answers as expected. */
export async function probe(target: ProbeTarget, timeoutMs: number): Promise<ProbeResult> {
  const problems = await Promise.all(target.urls.map((u) => probeUrl(u, target.expect, timeoutMs)));
  if (problems.some((p) => p === null)) return { ok: true };
  return { ok: false, problem: problems.join('; ') };
}
