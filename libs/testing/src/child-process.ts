import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// libs/testing/{src,dist}/ -> repository root.
const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface TsChild {
  process: ChildProcess;
  /** Resolves with how the child ended; stdout/stderr are collected for failure messages. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/**
 * Runs a TypeScript file in a separate Node process, with `@mia/*` resolved to the libraries'
 * sources (as vitest does), so a test can kill a real process at a chosen point.
 */
export async function spawnTs(file: string, env: Record<string, string> = {}): Promise<TsChild> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-child-'));
  const tsconfig = join(dir, 'tsconfig.json');
  await writeFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        paths: { '@mia/*': [join(root, 'libs/*/src/index.ts')] },
      },
    }),
  );
  // In-process loader (not the tsx CLI, which would add a parent process in between), so the
  // spawned process is the one a test kills and whose signal it sees.
  const tsx = createRequire(import.meta.url).resolve('tsx/esm');
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsx).href, file], {
    cwd: root,
    env: { ...process.env, ...env, TSX_TSCONFIG_PATH: tsconfig },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    output: string;
  }>((resolve) =>
    child.once('exit', (code, signal) => {
      void rm(dir, { recursive: true, force: true });
      resolve({ code, signal, output });
    }),
  );
  return { process: child, exited };
}
