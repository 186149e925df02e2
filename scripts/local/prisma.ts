import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Services that describe their tables with a Prisma schema. */
export function prismaSchemas(root: string, services: readonly string[]): string[] {
  return services
    .map((name) => join(root, 'services', name, 'prisma', 'schema.prisma'))
    .filter((path) => existsSync(path));
}

/**
 * The Prisma 7 CLI downloads its schema engine before any command, even `generate`, which does
 * not run it. Where that server cannot be reached, any existing file will do for `generate`
 * (ENVIRONMENT.md); where it can, nothing is changed.
 */
async function engineOverride(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  if (env.PRISMA_SCHEMA_ENGINE_BINARY) return {};
  try {
    await fetch('https://binaries.prisma.sh', {
      method: 'HEAD',
      signal: AbortSignal.timeout(2_500),
    });
    return {};
  } catch {
    return { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath };
  }
}

/** `prisma generate` for every service with a schema; throws with prisma's output on failure. */
export async function generatePrismaClients(
  root: string,
  services: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  const schemas = prismaSchemas(root, services);
  if (schemas.length === 0) return;
  const prismaCli = createRequire(join(root, 'package.json')).resolve('prisma/build/index.js');
  const env = { ...process.env, ...(await engineOverride(process.env)) };
  for (const schema of schemas) {
    const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schema], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`prisma generate failed for ${schema}:\n${result.stdout}${result.stderr}`);
    }
    log(`prisma client generated for ${schema.slice(root.length)}`);
  }
}
