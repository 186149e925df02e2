import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags a serving process sets before its first database query. The only WebAssembly a
 * service runs is Prisma Client's query compiler, which turns a query's shape into a plan once
 * (Prisma caches the plans), so its speed barely matters while its compiled code stays resident
 * for the process's life: Liftoff (V8's baseline wasm compiler) alone keeps ~10 MB less per
 * service than Liftoff plus TurboFan (bench/results/memory.md). Read at wasm compile time, so
 * setting it at run time works; heap sizes cannot be changed here (NODE_OPTIONS in the image).
 */
export const SERVING_V8_FLAGS = ['--liftoff-only'] as const;

export function applyServingV8Flags(): void {
  for (const flag of SERVING_V8_FLAGS) setFlagsFromString(flag);
}
