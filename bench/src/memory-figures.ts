// Pure readers for the memory benchmark: one process's resident memory from /proc/<pid>/status
// and its V8 figures from the Prometheus text every kit process serves on GET /metrics
// (prom-client's default process metrics). Kept apart from the runner so they are unit-tested.

/** Resident memory of one process as Linux counts it, in MB. */
export interface ProcessMemory {
  /** VmRSS: everything resident (the figure the aims are about). */
  rssMb: number;
  /** RssAnon: heap, stacks, V8's and WebAssembly's memory: what the process itself allocated. */
  anonMb: number;
  /** RssFile: mapped files (the node binary, shared libraries), shared with other processes. */
  fileMb: number;
  /** VmHWM: the most that was ever resident (the peak under load). */
  peakMb: number;
  /** Threads (libuv's pool, V8's platform workers, worker_threads). */
  threads: number;
}

/** V8's view of the main isolate, in MB (worker threads' isolates are not in it). */
export interface HeapFigures {
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory held by JavaScript objects outside the heap (Buffers, WebAssembly memories). */
  externalMb: number;
  /** Heap spaces: size (committed) per space, e.g. new, old, code, large_object. */
  spaces: Record<string, { sizeMb: number; usedMb: number }>;
}

const MB = 1024 * 1024;

/** The figures of /proc/<pid>/status; NaN for a field the text lacks. */
export function parseProcStatus(text: string): ProcessMemory {
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  return {
    rssMb: kb('VmRSS') / 1024,
    anonMb: kb('RssAnon') / 1024,
    fileMb: kb('RssFile') / 1024,
    peakMb: kb('VmHWM') / 1024,
    threads: Number(/^Threads:\s+(\d+)/m.exec(text)?.[1]),
  };
}

/** Samples of a metric in Prometheus' text format: label set (as written) -> value. */
function samples(text: string, name: string): Array<{ labels: string; value: number }> {
  const found: Array<{ labels: string; value: number }> = [];
  const line = new RegExp(`^${name}(\\{[^}]*\\})?\\s+(\\S+)`, 'gm');
  for (const m of text.matchAll(line)) found.push({ labels: m[1] ?? '', value: Number(m[2]) });
  return found;
}

/** The heap figures in a /metrics answer (prom-client's nodejs_* gauges); NaN where missing. */
export function parseHeapMetrics(text: string): HeapFigures {
  const one = (name: string) => (samples(text, name)[0]?.value ?? NaN) / MB;
  const spaces: HeapFigures['spaces'] = {};
  const spaceOf = (labels: string) => /space="([^"]+)"/.exec(labels)?.[1];
  for (const { labels, value } of samples(text, 'nodejs_heap_space_size_total_bytes')) {
    const space = spaceOf(labels);
    if (space) spaces[space] = { sizeMb: value / MB, usedMb: NaN };
  }
  for (const { labels, value } of samples(text, 'nodejs_heap_space_size_used_bytes')) {
    const space = spaceOf(labels);
    if (space && spaces[space]) spaces[space].usedMb = value / MB;
  }
  return {
    heapUsedMb: one('nodejs_heap_size_used_bytes'),
    heapTotalMb: one('nodejs_heap_size_total_bytes'),
    externalMb: one('nodejs_external_memory_bytes'),
    spaces,
  };
}

/**
 * The values a Dockerfile's `ENV` lines give the named variables (the first of each, quoted or
 * not), so the benchmark runs the processes with the image's memory settings.
 */
export function imageEnvOf(dockerfile: string, names: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of dockerfile.split('\n')) {
    if (!/^ENV\s/.test(line)) continue;
    for (const m of line.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|(\S*))/g)) {
      const name = m[1]!;
      if (names.includes(name) && !(name in found)) found[name] = m[3] ?? m[4] ?? '';
    }
  }
  return found;
}
