import type { IncomingMessage, Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * When a full garbage collection is due: once after each busy spell, when no request has come
 * for `quietMs`. A load leaves its garbage in V8's old space, and nothing collects it while the
 * process idles (collections are driven by allocation), so an idle process would keep 10-30 MB
 * more than it uses (bench/results/memory.md measures both).
 */
export function idleGcPolicy(quietMs: number) {
  let lastRequest = 0;
  let busy = false;
  return {
    request(at: number): void {
      lastRequest = at;
      busy = true;
    },
    /** True once per busy spell, when it has been quiet long enough. */
    due(at: number): boolean {
      if (!busy || at - lastRequest < quietMs) return false;
      busy = false;
      return true;
    },
  };
}

// Health probes (the gateway's every few seconds, the orchestrator's) are not traffic: counted,
// a probed process would never be quiet.
const PROBES = new Set(['/healthz', '/readyz']);

/** Whether a request counts as traffic (makes garbage worth collecting), not a health probe. */
export const isTraffic = (url: string | undefined): boolean =>
  !PROBES.has((url ?? '/').split('?')[0]!);

/** V8's full collection, without exposing `gc` to the process's own global scope. */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Collects the garbage once a server has gone quiet for `quietMs` after serving requests (health
 * probes aside). The
 * collection (tens of ms for these heaps) only runs when no request has come for that long.
 * Returns the function that stops it.
 */
export function collectWhenIdle(server: Server, quietMs = 10_000): () => void {
  const policy = idleGcPolicy(quietMs);
  const gc = fullGc();
  const onRequest = (req: IncomingMessage) => {
    if (isTraffic(req.url)) policy.request(Date.now());
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (!policy.due(Date.now())) return;
    // Twice: the second collection gives back the pages the first one emptied (measured: a heap
    // committed at 50 MB after one stayed there, after two it went down to 16).
    gc();
    gc();
  }, quietMs / 2);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
