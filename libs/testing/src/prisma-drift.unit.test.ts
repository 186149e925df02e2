import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPrismaAgainstDatabase, readPrismaColumns, type DbColumn } from './prisma-drift.js';

const schema = `
model User {
  id        String   @id @db.Uuid
  email     String   @unique
  nickname  String?
  createdAt DateTime @map("created_at") @db.Timestamptz(3)
  tickets   Ticket[]
  @@map("users")
}`;

function write(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'prisma-drift-')), 'schema.prisma');
  writeFileSync(file, text);
  return file;
}

const db = (rows: Array<[string, string, string, boolean]>): DbColumn[] =>
  rows.map(([table_name, column_name, data_type, nullable]) => ({
    table_name,
    column_name,
    data_type,
    is_nullable: nullable ? 'YES' : 'NO',
  }));

describe('prisma drift', () => {
  const columns = readPrismaColumns(write(schema));

  it('reads mapped tables and columns and skips relations', () => {
    expect(columns).toEqual([
      { table: 'users', column: 'id', type: 'String', nullable: false },
      { table: 'users', column: 'email', type: 'String', nullable: false },
      { table: 'users', column: 'nickname', type: 'String', nullable: true },
      { table: 'users', column: 'created_at', type: 'DateTime', nullable: false },
    ]);
  });

  it('reports nothing when both agree', () => {
    const rows = db([
      ['users', 'id', 'uuid', false],
      ['users', 'email', 'text', false],
      ['users', 'nickname', 'text', true],
      ['users', 'created_at', 'timestamp with time zone', false],
    ]);
    expect(diffPrismaAgainstDatabase(columns, rows)).toEqual([]);
  });

  it('reports missing, extra, mistyped and nullability differences', () => {
    const rows = db([
      ['users', 'id', 'integer', false],
      ['users', 'nickname', 'text', false],
      ['users', 'created_at', 'timestamp with time zone', false],
      ['users', 'legacy', 'text', true],
    ]);
    expect(diffPrismaAgainstDatabase(columns, rows)).toEqual([
      'users.id: Prisma String vs database integer',
      'users.email: in schema.prisma, missing in the database',
      'users.nickname: nullability differs',
      'users.legacy: in the database, missing in schema.prisma',
    ]);
  });
});
