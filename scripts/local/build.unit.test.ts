import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestMtime, webIsStale } from './build.js';

describe('web build freshness', () => {
  let root: string;
  const at = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, seconds, seconds);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mia-build-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without a build', () => {
    at('web/src/main.tsx', 1000);
    expect(webIsStale(root)).toBe(true);
  });

  it('is fresh when the build is newer than every input', () => {
    at('web/src/app/page.tsx', 1000);
    at('libs/catalog/src/products.ts', 1000);
    at('web/dist/index.html', 2000);
    utimesSync(join(root, 'web/src/app'), 1000, 1000);
    utimesSync(join(root, 'web/src'), 1000, 1000);
    utimesSync(join(root, 'libs/catalog/src'), 1000, 1000);
    expect(webIsStale(root)).toBe(false);
  });

  it('is stale when a source or a bundled library changed after the build', () => {
    at('web/dist/index.html', 2000);
    at('libs/catalog/src/products.ts', 3000);
    expect(webIsStale(root)).toBe(true);
  });

  it('newestMtime looks through folders and ignores node_modules', () => {
    at('a/b/c.txt', 1500);
    at('a/node_modules/x.js', 9000);
    utimesSync(join(root, 'a/b'), 1000, 1000);
    utimesSync(join(root, 'a/node_modules'), 1000, 1000);
    utimesSync(join(root, 'a'), 1000, 1000);
    expect(newestMtime(join(root, 'a')) / 1000).toBe(1500);
    expect(newestMtime(join(root, 'missing'))).toBe(0);
  });
});
