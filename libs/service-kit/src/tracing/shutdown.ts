let flush: (() => Promise<void>) | undefined;

/** Set by the tracing start: what exports the spans still buffered. */
export function onTracingShutdown(fn: () => Promise<void>): void {
  flush = fn;
}

/**
 * Exports buffered spans before the process exits (graceful shutdown calls it last), waiting
 * at most `timeoutMs`: a trace collector that is down must not hold a shutdown up.
 */
export async function shutdownTracing(timeoutMs = 2_000): Promise<void> {
  if (!flush) return;
  const done = flush().catch(() => undefined);
  flush = undefined;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
  clearTimeout(timer);
}
