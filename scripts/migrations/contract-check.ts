// Expand first, contract later. During a rolling update the previous release's pods run against
// the database the new release has migrated, so a new migration must not drop or rename a table
// or column the previous release still uses. Stop using it in one release (remove it from the
// code, mark its Prisma field `@ignore`), drop it in the next. docs/deploy.md explains the steps.

/** A statement of a migration's `-- migrate:up` section that takes something away. */
export interface Contraction {
  kind: 'drop table' | 'rename table' | 'drop column' | 'rename column';
  table: string;
  column?: string;
}

const ident = String.raw`"?([A-Za-z_][\w$]*)"?`;
const qualified = String.raw`(?:"?[A-Za-z_][\w$]*"?\.)?${ident}`;

/** The `-- migrate:up` part of a dbmate migration, without comments. */
export function upSection(sql: string): string {
  const up = sql.split(/^--\s*migrate:down\b.*$/m)[0] ?? '';
  return up.replace(/--.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
}

/** The drops and renames of tables and columns in a migration's up section. */
export function contractionsOf(sql: string): Contraction[] {
  const found: Contraction[] = [];
  for (const raw of upSection(sql).split(';')) {
    const statement = raw.replace(/\s+/g, ' ').trim();
    const dropTables = new RegExp(
      String.raw`^DROP TABLE (?:IF EXISTS )?(.+?)(?: CASCADE| RESTRICT)?$`,
      'i',
    ).exec(statement);
    if (dropTables) {
      for (const name of dropTables[1]!.split(',')) {
        const table = new RegExp(`^${qualified}$`).exec(name.trim())?.[1];
        if (table) found.push({ kind: 'drop table', table });
      }
      continue;
    }
    const alter = new RegExp(
      String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${qualified} (.+)$`,
      'i',
    ).exec(statement);
    if (!alter) continue;
    const table = alter[1]!;
    const actions = alter[2]!;
    const renameTable = /^RENAME TO /i.test(actions);
    if (renameTable) {
      found.push({ kind: 'rename table', table });
      continue;
    }
    const renameColumn = new RegExp(String.raw`^RENAME (?:COLUMN )?${ident} TO `, 'i').exec(
      actions,
    );
    if (renameColumn) {
      found.push({ kind: 'rename column', table, column: renameColumn[1]! });
      continue;
    }
    // ALTER TABLE t DROP COLUMN a, ADD COLUMN b ..., DROP b: each action on its own.
    for (const action of actions.split(/,(?![^(]*\))/)) {
      const drop = new RegExp(String.raw`^\s*DROP (?:COLUMN )?(?:IF EXISTS )?${ident}`, 'i').exec(
        action,
      );
      if (drop && !/^\s*DROP (CONSTRAINT|DEFAULT|NOT NULL|IDENTITY|EXPRESSION)\b/i.test(action)) {
        found.push({ kind: 'drop column', table, column: drop[1]! });
      }
    }
  }
  return found;
}

/** What a release reads of its service's tables. */
export interface ReleaseUsage {
  /** table -> columns Prisma Client selects (fields without `@ignore`, models without `@@ignore`). */
  prisma: Map<string, Set<string>>;
  /**
   * Whether one file of the service's own source (no generated code, no tests) names all these
   * words: raw SQL names its tables and columns.
   */
  sourceNames(words: readonly string[]): boolean;
}

/** Tables and the columns Prisma Client reads of them, from a schema.prisma's text. */
export function prismaUsage(schema: string): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const match of schema.matchAll(/model\s+(\w+)\s*\{([\s\S]*?)\n\}/g)) {
    const [, model = '', body = ''] = match;
    if (/@@ignore\b/.test(body)) continue;
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? model;
    const columns = new Set<string>();
    for (const raw of body.split('\n')) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      const field = /^(\w+)\s+\w+/.exec(line);
      if (!field || line.startsWith('@@') || /@ignore\b/.test(line)) continue;
      columns.add(/@map\("([^"]+)"\)/.exec(line)?.[1] ?? field[1]!);
    }
    tables.set(table, columns);
  }
  return tables;
}

/** Whether the previous release still uses what a contraction takes away (and how). */
export function usedBy(previous: ReleaseUsage, c: Contraction): string | undefined {
  const prismaColumns = previous.prisma.get(c.table);
  if (c.column === undefined) {
    if (prismaColumns) return `its Prisma schema has model ${c.table}`;
  } else if (prismaColumns?.has(c.column)) {
    return `its Prisma schema reads ${c.table}.${c.column} (mark the field @ignore first)`;
  }
  // Raw SQL: a file naming the table (and the column) uses it.
  const words = c.column ? [c.table, c.column] : [c.table];
  if (previous.sourceNames(words)) return `its code names ${words.join('.')}`;
  return undefined;
}

export interface NewMigration {
  service: string;
  /** Repository-relative path. */
  file: string;
  sql: string;
}

/** Problems (empty: safe to roll out) of migrations that are new since the previous release. */
export function contractProblems(
  migrations: readonly NewMigration[],
  previousRelease: (service: string) => ReleaseUsage,
): string[] {
  return migrations.flatMap((migration) =>
    contractionsOf(migration.sql).flatMap((c) => {
      const why = usedBy(previousRelease(migration.service), c);
      const what = c.column ? `${c.table}.${c.column}` : c.table;
      return why
        ? [
            `${migration.file}: ${c.kind} ${what}, which the previous release still uses: ` +
              `${why}. Expand first, contract later (docs/deploy.md).`,
          ]
        : [];
    }),
  );
}
