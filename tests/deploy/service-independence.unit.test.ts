import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readRepoFile, serviceNames } from './support/repo.js';

// Each service is built, tested, released and rolled out by its own team: it may use the
// libraries (libs/*) but never another service's code. What services share travels as events
// and HTTP contracts (libs/contracts), not as imports.

const services = serviceNames();
const packageNameOf = (service: string) =>
  (JSON.parse(readRepoFile(`services/${service}/package.json`)) as { name: string }).name;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, re-exports. */
function specifiersOf(source: string): string[] {
  const pattern =
    /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** The service an import of `file` reaches into, other than the file's own (undefined: none). */
function otherServiceReached(owner: string, file: string, specifier: string): string | undefined {
  const packages = new Map(services.map((s) => [packageNameOf(s), s]));
  const byPackage = packages.get(specifier.split('/').slice(0, 2).join('/'));
  if (byPackage) return byPackage === owner ? undefined : byPackage;
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), specifier)).split('/');
  if (target[0] !== 'services' || target[1] === owner) return undefined;
  return target[1];
}

describe.each(services)('service %s stands alone', (name) => {
  const dir = `services/${name}`;
  const pkg = JSON.parse(readRepoFile(`${dir}/package.json`)) as {
    scripts: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

  it('imports no other service (tests and fixtures included)', () => {
    const reaches = sourceFiles(`${dir}/src`).flatMap((file) =>
      specifiersOf(readRepoFile(file))
        .filter((specifier) => otherServiceReached(name, file, specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(reaches).toEqual([]);
  });

  it('depends on no other service and is built with libraries only', () => {
    const others = services.filter((s) => s !== name).map(packageNameOf);
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(deps.filter((d) => others.includes(d))).toEqual([]);
    const tsconfig = JSON.parse(readRepoFile(`${dir}/tsconfig.json`)) as {
      references?: Array<{ path: string }>;
    };
    for (const { path } of tsconfig.references ?? []) {
      expect(relative(REPO_ROOT, resolve(REPO_ROOT, dir, path)), path).toMatch(/^libs\//);
    }
  });

  it("`npm test` runs its own unit, integration and system tests, and nobody else's", () => {
    const args = pkg.scripts.test?.split(/\s+/) ?? [];
    expect(args.slice(0, 2)).toEqual(['vitest', 'run']);
    const projects = args.flatMap((arg, i) => (args[i - 1] === '--project' ? [arg] : []));
    expect(projects.sort()).toEqual(['integration', 'system', 'unit']);
    // The root configuration (library aliases to their sources), filtered to this folder: the
    // trailing slash keeps `services/identity-x/` out of `services/identity/`.
    expect(args).toContain('--root');
    expect(args.at(-1)).toBe(`${dir}/`);
    expect(args).not.toContain('--dir');
  });

  it('`npm run build` makes everything it needs, its Prisma client included', () => {
    expect(pkg.scripts.build).toMatch(/\btsc -b$/);
    if (existsSync(join(REPO_ROOT, dir, 'prisma', 'schema.prisma'))) {
      expect(pkg.scripts.build).toContain(`scripts/prisma-generate.ts ${name} `);
    }
    expect(pkg.scripts.start).toBe('node dist/main.js');
  });
});

describe('the import check', () => {
  it('sees relative and package imports of another service, not of libraries', () => {
    const file = 'services/access/src/users/x.ts';
    expect(otherServiceReached('access', file, '../../../billing/src/db.js')).toBe('billing');
    expect(otherServiceReached('access', file, '@mia/billing')).toBe('billing');
    expect(otherServiceReached('access', file, '../db.js')).toBeUndefined();
    expect(otherServiceReached('access', file, '@mia/contracts')).toBeUndefined();
    expect(otherServiceReached('access', file, '../../../../libs/testing/src/index.js')).toBe(
      undefined,
    );
    expect(
      specifiersOf(
        "import { a } from '../a.js';\nexport * from './b.js';\nconst c = await import('./c.js');\nimport './d.js';",
      ),
    ).toEqual(['../a.js', './b.js', './c.js', './d.js']);
  });
});
