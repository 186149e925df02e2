import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = fileURLToPath(new URL('../..', import.meta.url));
export const repoDir = join(webDir, '..');
export const distDir = join(webDir, 'dist');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

const inputs = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'scripts'),
  join(repoDir, 'libs/catalog/src'),
  join(repoDir, 'libs/catalog/images'),
  join(repoDir, 'libs/contracts/src'),
];

/** Builds web/dist when it is missing or older than any of its sources. */
export function ensureWebBuilt(): void {
  const index = join(distDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > Math.max(...inputs.map(newestChange))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoDir,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would give React's development build; test what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`web build failed with exit code ${result.status}`);
}
