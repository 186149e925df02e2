// What the investigation behind the memory settings found, measured by hand on 2026-11-25 with
// this benchmark, its probe (`npm run bench:memory:probe -w bench`), heap snapshots
// (BENCH_MEMORY_SNAPSHOTS) and the throughput check (`npm run bench:memory:throughput -w bench`);
// memory-report.ts appends it under the figures each run measures.
export const MEMORY_FINDINGS = `## Findings (investigation of 2026-11-25, 2-core machine shared with other work)

### Where the memory went before (node defaults, Prisma's default \`fast\` query compiler)

Idle after the same load: identity 161 MB, billing 231, access 294, support 183, gateway 110
(the issue measured 200, 182, 212, 164, 110). What one process is made of, step by step in a
fresh process after two full GCs (\`npm run bench:memory:probe -w bench\`, access; the other
services within a few MB):

| Step | resident MB | added |
|---|---:|---:|
| bare node (the binary's mapped code: ~35 MB file-backed) | 42 | |
| + the kit's module graph (express, pg, NATS, pino, zod, jose, prom-client) | 90 | +48 (heap used +16; most of the rest is a 32 MB young generation that stays committed) |
| + the service's own modules | 106 | +16 (billing +20 with stripe, access +16 with the MCP SDK, identity +4) |
| + Prisma Client's first query (WebAssembly query compiler) | 174 | **+68** (heap +10, the rest native: compiled wasm code, its linear memory, compiler zones left in malloc) |

Under load V8's young generation grows to 2 × 16 MB semi-spaces and stays committed, and the
load's garbage stays in the old space until the next full GC, which an idle process never
reaches (GCs are driven by allocation): access idled with 124 MB of heap in use, 37 of it live.

A heap snapshot of access after the load (what is live, 37.6 MB): strings 12.7 MB (module
sources kept for lazy compilation, and Prisma's query compiler as base64 **twice**, 2 × 2.2 MB:
the module's source and its string literal), compiled code 9.2, arrays 5.0, objects 3.0, shapes
2.2. The gateway: 22 MB live (code 5.9, strings 5.9). Caches are small and bounded: the session
verifier's LRU keeps at most 10,000 verified tokens (~1 KB each with their claims, ~10 MB at
worst; a few hundred entries in this run); access's in-memory verification limits hold one
counter per key and code. pg pools (at most DATABASE_POOL_MAX = 10 connections) close idle
connections after 30 s and cost little on the Node side; NATS client buffers are inside the
5 MB of external memory every process shows. Identity's bcrypt worker threads (two isolates)
account for its peak under load (~220 MB) and end when idle.

### Changes, one at a time (idle resident MB after the same load: identity, billing, access, support, gateway)

| Change | identity | billing | access | support | gateway |
|---|---:|---:|---:|---:|---:|
| before (node defaults, Prisma \`fast\` compiler) | 161 | 231 | 294 | 183 | 110 |
| Prisma \`compilerBuild = "small"\` (schema.prisma): half the WebAssembly, Prisma's share from +68 to +24 MB | 151 | 130 | 189 | 122 | 114 |
| + \`--max-semi-space-size=2\` (image's NODE_OPTIONS) | 116 | 126 | 122 | 123 | 77 |
| + \`MALLOC_ARENA_MAX=2\` (image's ENV; within the noise here, kept for the threads' arenas under load) | 116 | 125 | 116 | 114 | 76 |
| + \`--liftoff-only\` set by the kit before the first query (Prisma's wasm baseline-compiled only: probe +24 → +13 MB) | 103 | 111 | 104 | 116 | 114 * |
| + a full GC when a process has had no traffic for 10 s (health probes aside), kit and gateway | 107 | 110 | 106 | 116 | 77 |
| + that GC run twice (the second gives back the pages the first emptied: heap committed = used) | 108 | 111 | 106 | 111 | 76 |

\\* the gateway's old space still held 55 MB of the load's garbage (22 MB live): how much garbage
an idle process keeps depends on when its last full GC happened, which is why the idle
collection was added; heap snapshots confirmed the difference was garbage (billing 45 → 37 MB,
gateway 22 → 22).

Not kept or not done: \`--wasm-lazy-compilation\` and \`--no-wasm-tier-up\` changed nothing;
\`MALLOC_TRIM_THRESHOLD_\` saved ~15 MB at Prisma's load in the probe but nothing after the
small build. Lazy imports of rarely used modules would save 1-4 MB each (MCP SDK 3.9, stripe 3.7,
openai 2.7, nodemailer 1.3) until first use, against a slower first request: left as they are.
Prisma keeping its query compiler as base64 in a module (4.4 MB of heap per service) needs
Prisma to load the .wasm file instead; the generated client offers no way to.

### Throughput

\`npm run bench:memory:throughput -w bench\`: GET /api/user through the gateway, node defaults
against the image's settings, alternating, 3 rounds of 10 s (machine load ~16 on 2 cores, so
the third round of both was crushed by other work):

| Settings | GET /api/user req/s (median) | per round |
|---|---:|---|
| node defaults | 821 | 821, 1059, 92 |
| image's settings | 860 | 860, 873, 156 |

No measurable cost. Prisma's slower compiler (small build, Liftoff only) costs only the first
query of each shape: Prisma caches the plans (queryPlanCacheMaxSize).

### The aims

Met in the run above on a busy machine: every service under 120 MB idle and the gateway under
80 MB (in the runs of the last settings: services 104-116 MB, gateway 76-77 MB). Margins are
small (~5-10 MB for the services, ~3 MB for the gateway): of each service's ~110 MB, ~46-51 MB
is the node binary and shared libraries mapped from disk (shared between processes on a host,
~35 MB of it in a bare node process), ~35 MB V8's heap (live), ~16-22 MB native (Prisma's
compiled wasm and linear memory, thread stacks, malloc), 5 MB external.
`;
