import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prismaUsage, type NewMigration, type ReleaseUsage } from './contract-check.js';

// The previous release as git has it: a commit (a release tag, or the previous main commit
// when every merge is released), compared with the working tree.

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Whether `ref` names a commit of the repository at `root`. */
export function hasCommit(root: string, ref: string): boolean {
  try {
    git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The service's migrations in the working tree that the release at `ref` did not have. */
export function newMigrations(root: string, ref: string, service: string): NewMigration[] {
  const dir = `services/${service}/migrations`;
  let files: string[];
  try {
    files = readdirSync(join(root, dir)).filter((f) => f.endsWith('.sql'));
  } catch {
    return [];
  }
  const released = new Set(
    git(root, ['ls-tree', '--name-only', ref, `${dir}/`])
      .split('\n')
      .filter(Boolean)
      .map((path) => path.slice(dir.length + 1)),
  );
  return files
    .filter((f) => !released.has(f))
    .sort()
    .map((f) => ({ service, file: `${dir}/${f}`, sql: readFileSync(join(root, dir, f), 'utf8') }));
}

/** What the service at `ref` reads of its tables. */
export function releaseUsage(root: string, ref: string, service: string): ReleaseUsage {
  let schema = '';
  try {
    schema = git(root, ['show', `${ref}:services/${service}/prisma/schema.prisma`]);
  } catch {
    // No Prisma schema in that release: raw SQL only.
  }
  const src = `services/${service}/src`;
  return {
    prisma: prismaUsage(schema),
    sourceNames(words) {
      try {
        git(root, [
          'grep',
          '--quiet',
          '--all-match',
          '-w',
          ...words.flatMap((w) => ['-e', w]),
          ref,
          '--',
          `${src}/*.ts`,
          `:!${src}/generated`,
          ':!*.test.ts',
          ':!*.fixture.ts',
        ]);
        return true;
      } catch {
        return false; // git grep exits 1 when nothing matches.
      }
    },
  };
}
