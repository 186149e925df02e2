import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { eachLine } from './output.js';
import { generatePrismaClients, prismaSchemas } from './prisma.js';

export interface BuildOptions {
  root: string;
  services: readonly string[];
  log: (line: string) => void;
  /** `always`: `tsc -b` every time (incremental, seconds when nothing changed). `if-missing`: only without dist. */
  compile: 'always' | 'if-missing';
}

/** Runs a command, its output shown only when it fails (then it is in the error). */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  onLine?: (line: string) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const take = (line: string) => {
      lines.push(line);
      onLine?.(line);
    };
    eachLine(child.stdout, take);
    eachLine(child.stderr, take);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolvePromise();
      reject(
        new Error(
          `${[command, ...args].join(' ')} failed (${signal ?? code}):\n${lines.join('\n')}`,
        ),
      );
    });
  });
}

/** Newest modification time of a file or of any file under a folder (0 when missing). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Schemas whose generated client is missing or older than the schema. */
function staleSchemas(root: string, services: readonly string[]): string[] {
  return prismaSchemas(root, services).filter((schema) => {
    const output = /output\s*=\s*"([^"]+)"/.exec(readFileSync(schema, 'utf8'))?.[1];
    if (!output) return true;
    const client = join(resolve(dirname(schema), output), 'client.ts');
    return !existsSync(client) || statSync(client).mtimeMs < statSync(schema).mtimeMs;
  });
}

/** What the web build reads: its own sources and the libraries it bundles. */
const WEB_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/scripts',
  'web/package.json',
  'libs/catalog/src',
  'libs/catalog/images',
  'libs/contracts/src',
];

export function webIsStale(root: string): boolean {
  const built = newestMtime(join(root, 'web/dist/index.html'));
  if (built === 0) return true;
  return WEB_INPUTS.some((input) => newestMtime(join(root, input)) > built);
}

/**
 * Brings the build up to date: Prisma clients (when a schema changed), TypeScript (`tsc -b`,
 * incremental) and the web app (when web/dist is missing or older than what it is built from).
 */
export async function buildIfNeeded(options: BuildOptions): Promise<void> {
  const { root, services, log } = options;
  const require = createRequire(join(root, 'package.json'));

  const stale = staleSchemas(root, services);
  if (stale.length > 0) {
    const names = services.filter((s) =>
      stale.some((schema) => schema.includes(`/services/${s}/`)),
    );
    await generatePrismaClients(root, names, log);
  }

  const missingDist =
    [...services, 'gateway'].some(
      (s) =>
        existsSync(join(root, 'services', s, 'src', 'main.ts')) &&
        !existsSync(join(root, 'services', s, 'dist', 'main.js')),
    ) || !existsSync(join(root, 'libs', 'stripe-sandbox', 'dist', 'main.js'));
  if (options.compile === 'always' || missingDist) {
    log('compiling TypeScript (tsc -b)');
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], root);
  }

  if (webIsStale(root)) {
    log('building the web app (npm run build -w web)');
    await run(npmCommand(), ['run', 'build', '-w', 'web'], root);
  }
}

const npmCommand = () => (process.platform === 'win32' ? 'npm.cmd' : 'npm');
