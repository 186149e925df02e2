import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../local/paths.js';
import { SERVICE_NAMES } from '../local/services.js';
import {
  contractionsOf,
  contractProblems,
  prismaUsage,
  type ReleaseUsage,
} from './contract-check.js';
import { hasCommit, newMigrations, releaseUsage } from './git-release.js';

const migration = (up: string, down = '') => `-- migrate:up\n${up}\n\n-- migrate:down\n${down}\n`;

describe('contractionsOf', () => {
  it('finds drops and renames of tables and columns in the up section only', () => {
    const sql = migration(
      `-- users lose their version
       ALTER TABLE identity.users DROP COLUMN version, ADD COLUMN note text;
       ALTER TABLE ONLY "sessions" DROP IF EXISTS device, DROP CONSTRAINT sessions_fk;
       ALTER TABLE tickets RENAME COLUMN title TO subject;
       ALTER TABLE old_tickets RENAME TO tickets_archive;
       DROP TABLE IF EXISTS a, support.b CASCADE;`,
      'DROP TABLE users;',
    );
    expect(contractionsOf(sql)).toEqual([
      { kind: 'drop column', table: 'users', column: 'version' },
      { kind: 'drop column', table: 'sessions', column: 'device' },
      { kind: 'rename column', table: 'tickets', column: 'title' },
      { kind: 'rename table', table: 'old_tickets' },
      { kind: 'drop table', table: 'a' },
      { kind: 'drop table', table: 'b' },
    ]);
  });

  it('leaves expanding migrations alone', () => {
    const sql = migration(
      `CREATE TABLE t (id uuid PRIMARY KEY, n numeric(10, 2));
       ALTER TABLE t ADD COLUMN note text, ALTER COLUMN n DROP NOT NULL, ALTER n DROP DEFAULT;
       CREATE INDEX t_note ON t (note);`,
    );
    expect(contractionsOf(sql)).toEqual([]);
  });
});

describe('prismaUsage', () => {
  it('lists the columns Prisma Client reads: mapped names, not @ignore fields or models', () => {
    const schema = `model User {
  id        String @id @db.Uuid
  createdAt DateTime @map("created_at")
  version   Int    @ignore
  @@map("users")
}

model Legacy {
  id String @id
  @@ignore
}
`;
    expect(prismaUsage(schema)).toEqual(new Map([['users', new Set(['id', 'created_at'])]]));
  });
});

describe('contractProblems', () => {
  const previous = (prisma: string, sources: string[] = []): ReleaseUsage => ({
    prisma: prismaUsage(prisma),
    sourceNames: (words) =>
      sources.some((s) => words.every((w) => new RegExp(`\\b${w}\\b`).test(s))),
  });
  const users = `model User {\n  id String @id\n  version Int\n  @@map("users")\n}\n`;
  const dropVersion = {
    service: 'identity',
    file: 'services/identity/migrations/2_drop.sql',
    sql: migration('ALTER TABLE users DROP COLUMN version;'),
  };

  it('fails on dropping a column the previous release reads through Prisma', () => {
    expect(contractProblems([dropVersion], () => previous(users))).toEqual([
      'services/identity/migrations/2_drop.sql: drop column users.version, which the previous ' +
        'release still uses: its Prisma schema reads users.version (mark the field @ignore ' +
        'first). Expand first, contract later (docs/deploy.md).',
    ]);
  });

  it('fails on renaming a table or column its raw SQL names', () => {
    const rename = {
      ...dropVersion,
      sql: migration('ALTER TABLE customer_trials RENAME COLUMN ends_at TO end_at;'),
    };
    const sql = 'INSERT INTO customer_trials (trial_id, ends_at) VALUES ($1, $2)';
    expect(contractProblems([rename], () => previous('', [sql]))).toHaveLength(1);
    const dropTable = { ...dropVersion, sql: migration('DROP TABLE customer_trials;') };
    expect(contractProblems([dropTable], () => previous('', [sql]))).toHaveLength(1);
  });

  it('passes once the previous release stopped using it (expand first, contract later)', () => {
    const ignored = users.replace('version Int', 'version Int @ignore');
    expect(contractProblems([dropVersion], () => previous(ignored))).toEqual([]);
    expect(contractProblems([dropVersion], () => previous(''))).toEqual([]);
  });
});

// git history, where the clone has it: a shallow clone skips these.
describe.runIf(hasCommit(REPO_ROOT, '83e6ded~1'))('check-migrations against git', () => {
  it('would have refused identity dropping users.version in the release that stopped using it', () => {
    const ref = '83e6ded~1';
    const migrations = newMigrations(REPO_ROOT, ref, 'identity');
    const problems = contractProblems(migrations, (s) => releaseUsage(REPO_ROOT, ref, s));
    expect(problems).toEqual([
      expect.stringMatching(/users_without_version\.sql: drop column users\.version, which/),
    ]);
  });
});

describe.runIf(hasCommit(REPO_ROOT, 'HEAD~1'))('migrations new since the previous commit', () => {
  it('drop or rename nothing the previous commit still uses', () => {
    const migrations = SERVICE_NAMES.flatMap((s) => newMigrations(REPO_ROOT, 'HEAD~1', s));
    expect(contractProblems(migrations, (s) => releaseUsage(REPO_ROOT, 'HEAD~1', s))).toEqual([]);
  });
});
