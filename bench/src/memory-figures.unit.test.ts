import { describe, expect, it } from 'vitest';
import { imageEnvOf, parseHeapMetrics, parseProcStatus } from './memory-figures.js';

describe('memory figures', () => {
  it('reads resident memory and threads from /proc/<pid>/status', () => {
    const status = [
      'Name:\tnode',
      'VmHWM:\t  204800 kB',
      'VmRSS:\t  122880 kB',
      'RssAnon:\t   81920 kB',
      'RssFile:\t   40960 kB',
      'Threads:\t11',
    ].join('\n');
    expect(parseProcStatus(status)).toEqual({
      rssMb: 120,
      anonMb: 80,
      fileMb: 40,
      peakMb: 200,
      threads: 11,
    });
    expect(parseProcStatus('Name:\tgone').rssMb).toBeNaN();
  });

  it('reads the heap, external memory and heap spaces from a /metrics answer', () => {
    const text = [
      '# HELP nodejs_heap_size_total_bytes Process heap size from Node.js in bytes.',
      'nodejs_heap_size_total_bytes 52428800',
      'nodejs_heap_size_used_bytes 41943040',
      'nodejs_external_memory_bytes 3145728',
      'nodejs_heap_space_size_total_bytes{space="new"} 33554432',
      'nodejs_heap_space_size_total_bytes{space="code"} 4194304',
      'nodejs_heap_space_size_used_bytes{space="new"} 1048576',
      'nodejs_heap_space_size_used_bytes{space="code"} 3145728',
    ].join('\n');
    expect(parseHeapMetrics(text)).toEqual({
      heapUsedMb: 40,
      heapTotalMb: 50,
      externalMb: 3,
      spaces: { new: { sizeMb: 32, usedMb: 1 }, code: { sizeMb: 4, usedMb: 3 } },
    });
    expect(parseHeapMetrics('').heapUsedMb).toBeNaN();
  });

  it("reads the image's memory settings from its ENV lines, quoted or not", () => {
    const dockerfile = [
      'FROM node AS base',
      'ENV NPM_CONFIG_FUND=false',
      'ENV NODE_ENV=production NODE_OPTIONS="--a=1 --b" MALLOC_ARENA_MAX=2',
      'ENV NODE_OPTIONS=--later',
    ].join('\n');
    expect(imageEnvOf(dockerfile, ['NODE_OPTIONS', 'MALLOC_ARENA_MAX', 'UNSET'])).toEqual({
      NODE_OPTIONS: '--a=1 --b',
      MALLOC_ARENA_MAX: '2',
    });
    expect(imageEnvOf('FROM x\nRUN NODE_OPTIONS=--x true\n', ['NODE_OPTIONS'])).toEqual({});
  });
});
