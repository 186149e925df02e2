import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDockerfile, SERVICE_PORTS, type ServiceName } from '../../scripts/dockerfiles.js';
import { environmentOf, loadCompose } from './support/compose.js';
import { parseCopy, parseDockerfile, resolveBuild } from './support/dockerfile.js';
import { readRepoFile, repoPath } from './support/repo.js';

// The image `docker compose --profile test` builds for the acceptance suite (the `acceptance`
// stage of the one recipe). Docker cannot run here, so these read what it would build.
const compose = loadCompose();
const entry = compose.services.acceptance;
const build = () =>
  resolveBuild(parseDockerfile(readRepoFile(entry!.build!.dockerfile!)), entry!.build!.target, {});

const runs = () =>
  build()
    .instructions.filter((i) => i.keyword === 'RUN')
    .map((i) => i.expanded)
    .join('\n');

const last = (keyword: string) =>
  build()
    .instructions.filter((i) => i.keyword === keyword)
    .at(-1)?.expanded;

/** What deploy/docker/acceptance-package.mjs writes as the image's package.json. */
const imagePackage = () =>
  JSON.parse(
    execFileSync(process.execPath, [repoPath('deploy/docker/acceptance-package.mjs'), repoPath()], {
      encoding: 'utf8',
    }),
  ) as { scripts: Record<string, string>; devDependencies: Record<string, string> };

const rootPackage = JSON.parse(readRepoFile('package.json')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every package the suite's files import (node's own modules apart). */
function suiteImports(): string[] {
  const dir = repoPath('tests/acceptance');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const specifiers = files.flatMap((file) =>
    [
      ...readRepoFile(join('tests/acceptance', file)).matchAll(
        /(?:from|import)\s*\(?\s*'([^']+)'/g,
      ),
    ].map((m) => m[1]!),
  );
  const packages = specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(packages)].sort();
}

describe('the acceptance image', () => {
  it('runs the suite as `npm run test:acceptance` does in a checkout', () => {
    expect(JSON.parse(last('CMD') ?? '[]')).toEqual(['npm', 'run', 'test:acceptance']);
    expect(imagePackage().scripts['test:acceptance']).toBe(rootPackage.scripts['test:acceptance']);
    const copied = build()
      .instructions.filter((i) => i.keyword === 'COPY')
      .flatMap((i) => parseCopy(i.expanded).sources);
    for (const source of ['tests/acceptance', 'vitest.config.ts', 'package-lock.json']) {
      expect(copied, `the image lacks ${source}`).toContain(source);
    }
  });

  it('installs what the suite imports, at the repository’s versions, and nothing of the product', () => {
    const dependencies = imagePackage().devDependencies;
    const imported = suiteImports();
    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) {
      expect(dependencies[name], `${name} is imported by tests/acceptance`).toBe(
        rootPackage.devDependencies[name],
      );
    }
    expect(imported.filter((name) => name.startsWith('@mia/'))).toEqual([]);
    expect(runs()).toMatch(/npm install --ignore-scripts/);
  });

  it('has Debian’s Chromium where the suite looks for it, and results where compose mounts them', () => {
    expect(runs()).toMatch(/apt-get install [^\n]*\bchromium\b/);
    expect(build().env.CHROMIUM_PATH).toBe('/usr/bin/chromium');
    const mounted = environmentOf(entry!, {}).ACCEPTANCE_RESULTS_DIR;
    expect(build().env.ACCEPTANCE_RESULTS_DIR).toBe(mounted);
  });

  it('is no part of any service’s own Dockerfile', () => {
    for (const service of Object.keys(SERVICE_PORTS) as ServiceName[]) {
      expect(renderDockerfile(service)).not.toMatch(/ AS acceptance\b/);
    }
    expect(readRepoFile('deploy/docker/service.Dockerfile')).toMatch(/^FROM base AS acceptance$/m);
  });
});
