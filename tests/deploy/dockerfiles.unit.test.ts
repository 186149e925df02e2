import { posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_KEYS_PATH, kitMigrationsDir } from '@mia/service-kit';
import { loadCompose } from './support/compose.js';
import {
  parseCopy,
  parseDockerfile,
  resolveBuild,
  type Build,
  type ResolvedInstruction,
} from './support/dockerfile.js';
import {
  inRepo,
  loadService,
  readRepoFile,
  repoRelative,
  serviceNames,
  usesDatabase,
  type DeployableService,
} from './support/repo.js';

const APP = '/app';
/** The Node major production runs; .nvmrc and package.json `engines` name it too. */
const NODE_LTS = 24;
const compose = loadCompose();

/** The repository path an image path mirrors (/app/libs/x -> libs/x). */
const repoPathOf = (imagePath: string) => posix.relative(APP, posix.resolve(APP, imagePath));

const last = (build: Build, keyword: string) =>
  build.instructions.filter((i) => i.keyword === keyword).at(-1);

const copies = (instructions: ResolvedInstruction[]) =>
  instructions.filter((i) => i.keyword === 'COPY').map((i) => ({ ...parseCopy(i.expanded), i }));

/** The shell commands of RUN lines, quotes dropped. */
const runs = (instructions: ResolvedInstruction[]) =>
  instructions
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.expanded.replace(/["']/g, ''))
    .join('\n');

describe.each(serviceNames())('image of %s', (name) => {
  let service: DeployableService;
  let build: Build;
  let dockerfilePath: string;

  beforeAll(async () => {
    service = await loadService(name);
    const entry = loadCompose().services[name];
    dockerfilePath = entry?.build?.dockerfile ?? `services/${name}/Dockerfile`;
    build = resolveBuild(parseDockerfile(readRepoFile(dockerfilePath)), entry?.build?.target, {
      ...Object.fromEntries(
        Object.entries(entry?.build?.args ?? {}).map(([k, v]) => [k, String(v)]),
      ),
    });
  });

  it('starts from the current Node LTS on Debian slim and runs as a non-root user in production mode', () => {
    // Node 20's life ended in April 2026; dependencies (@nats-io/*) declare 22 or later.
    expect(build.baseImage).toBe(`node:${NODE_LTS}-bookworm-slim`);
    const user = last(build, 'USER')?.expanded.split(':')[0];
    expect(user, 'USER').toBeDefined();
    expect(['root', '0', '']).not.toContain(user);
    expect(build.env.NODE_ENV).toBe('production');
    expect(build.env.MIA_ENV).toBe('production');
  });

  it('listens, exposes and is probed on the port its configuration defaults to', () => {
    expect(Number(build.env.PORT)).toBe(service.port);
    expect(last(build, 'EXPOSE')?.expanded).toBe(String(service.port));
    const healthcheck = last(build, 'HEALTHCHECK');
    expect(healthcheck, 'HEALTHCHECK').toBeDefined();
    const probe = /CMD\s+(\[.*\])/.exec(healthcheck!.expanded)?.[1];
    const [node, script, path] = JSON.parse(probe ?? '[]') as string[];
    expect(node).toBe('node');
    expect(path).toBe('/healthz');
    const copied = copies(build.instructions).find((c) => c.destination === script);
    expect(copied, `${script} is not copied into the image`).toBeDefined();
    expect(copied!.sources.every(inRepo)).toBe(true);
  });

  it('runs the compiled form of an existing src/main.ts', () => {
    const command = last(build, 'ENTRYPOINT') ?? last(build, 'CMD');
    const [node, script] = JSON.parse(command?.expanded ?? '[]') as string[];
    expect(node).toBe('node');
    const workdir = last(build, 'WORKDIR')?.expanded ?? '/';
    const main = repoPathOf(posix.resolve(workdir, script ?? ''));
    expect(main).toBe(`services/${name}/dist/main.js`);
    expect(inRepo(`services/${name}/src/main.ts`)).toBe(true);
  });

  it('copies only paths that exist in the repository or that its build stages produce', () => {
    for (const copy of copies(build.instructions)) {
      for (const source of copy.sources) {
        if (!copy.from) {
          expect(inRepo(source), `COPY ${source} (line ${copy.i.line})`).toBe(true);
          continue;
        }
        const path = repoPathOf(source);
        if (path === '') continue; // a whole stage: its installed dependencies
        const stage = build.stage(copy.from);
        const made = runs(stage);
        if (path === 'web/dist') {
          expect(made, `${copy.from} never builds the web app`).toMatch(/npm run build -w web/);
        } else if (path.endsWith('/dist')) {
          const project = path.slice(0, -'/dist'.length);
          expect(inRepo(`${project}/tsconfig.json`), `${project} is no TypeScript project`).toBe(
            true,
          );
          expect(made, `${copy.from} never compiles ${project}`).toMatch(
            new RegExp(`tsc -b [^\\n]*\\b${project}\\b`),
          );
        } else {
          expect(inRepo(path), `COPY --from=${copy.from} ${source}`).toBe(true);
        }
        expect(
          copies(stage).some((c) => !c.from && c.sources.includes('.')),
          `${copy.from} has no sources`,
        ).toBe(true);
      }
    }
  });

  it('ships every library it is built with, with its production dependencies', () => {
    const destinations = copies(build.instructions).map((c) => repoPathOf(c.destination));
    const installed = build.stage('prod-deps');
    const install = runs(installed);
    expect(install).toMatch(/npm ci [^\n]*--omit=dev/);
    for (const lib of [...service.libs, service.dir]) {
      expect(destinations, `${lib}/dist is not in the image`).toContain(`${lib}/dist`);
      expect(install, `${lib}'s dependencies are not installed`).toContain(`--workspace ${lib}`);
    }
  });

  it('carries the migrations it applies at start', (ctx) => {
    if (!usesDatabase(service)) ctx.skip();
    const destinations = copies(build.instructions).map((c) => repoPathOf(c.destination));
    expect(destinations).toContain(repoRelative(kitMigrationsDir));
    expect(destinations).toContain(`${service.dir}/migrations`);
    expect(inRepo(`${service.dir}/migrations`)).toBe(true);
  });

  it('finds every folder its configuration points into by default', () => {
    const destinations = copies(build.instructions).map((c) => repoPathOf(c.destination));
    const writable = /mkdir ([^&\n]+) && chown node:node/.exec(runs(build.instructions))?.[1];
    for (const [variable, field] of Object.entries(service.schema.shape)) {
      const value = (field as { safeParse(v: unknown): { data?: unknown } }).safeParse(
        undefined,
      ).data;
      if (typeof value !== 'string' || !value.startsWith('/')) continue;
      const path = repoRelative(value);
      if (path.startsWith('..')) continue;
      const provided =
        destinations.some((d) => path === d || path.startsWith(`${d}/`)) ||
        (writable !== undefined && `${path}/`.startsWith(`${repoPathOf(writable.trim())}/`));
      expect(provided, `${variable} defaults to ${path}, which the image lacks`).toBe(true);
    }
  });
});

describe('the Node version', () => {
  it('is the same LTS in .nvmrc and accepted by every package.json `engines`', () => {
    expect(readRepoFile('.nvmrc').trim()).toBe(String(NODE_LTS));
    const manifests = ['package.json', ...serviceNames().map((n) => `services/${n}/package.json`)];
    for (const manifest of manifests) {
      const range = (JSON.parse(readRepoFile(manifest)) as { engines?: { node?: string } }).engines
        ?.node;
      if (range === undefined && manifest !== 'package.json') continue;
      const alternatives = (range ?? '').split('||').map((a) => a.trim());
      expect(alternatives, `${manifest} engines.node`).toContain(`>=${NODE_LTS}`);
    }
  });
});

describe('.dockerignore', () => {
  const ignored = readRepoFile('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('keeps installed, built, local and secret files out of the build context', () => {
    for (const pattern of ['**/node_modules', '**/dist', '.env', '.data', '.git']) {
      expect(ignored).toContain(pattern);
    }
    const devKeys = repoRelative(DEV_KEYS_PATH);
    expect(inRepo(devKeys)).toBe(true);
    expect(ignored).toContain(devKeys);
  });

  it('leaves in what the images copy from the context', () => {
    for (const entry of Object.values(compose.services)) {
      if (!entry.build?.dockerfile) continue;
      for (const stage of parseDockerfile(readRepoFile(entry.build.dockerfile)).stages) {
        for (const copy of copies(
          stage.instructions.map((i) => ({ ...i, stage: '', expanded: i.args })),
        )) {
          if (copy.from) continue;
          for (const source of copy.sources.filter((s) => s !== '.')) {
            expect(
              ignored.some((p) => source === p || source.startsWith(`${p}/`)),
              source,
            ).toBe(false);
          }
        }
      }
    }
  });
});
