import { readFileSync } from 'node:fs';

/** A column as schema.prisma describes it. */
export interface PrismaColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

const SCALAR_TO_PG: Record<string, string[]> = {
  String: ['text', 'character varying', 'uuid'],
  Int: ['integer'],
  BigInt: ['bigint'],
  Boolean: ['boolean'],
  DateTime: ['timestamp with time zone', 'timestamp without time zone', 'date'],
  Json: ['jsonb', 'json'],
  Decimal: ['numeric'],
  Float: ['double precision', 'real'],
  Bytes: ['bytea'],
};

/**
 * Reads the scalar columns of every model in a schema.prisma. Deliberately small: it
 * understands what our schemas use (@map, @@map, @db.*, optional fields, relations)
 * and ignores relation fields, which have no column.
 */
export function readPrismaColumns(schemaFile: string): PrismaColumn[] {
  const text = readFileSync(schemaFile, 'utf8');
  const columns: PrismaColumn[] = [];
  const modelRe = /model\s+(\w+)\s*\{([\s\S]*?)\n\}/g;
  for (const match of text.matchAll(modelRe)) {
    const [, modelName = '', body = ''] = match;
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? modelName;
    for (const raw of body.split('\n')) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      if (!line || line.startsWith('@@')) continue;
      const field = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!field) continue;
      const [, name = '', type = '', list, optional, rest = ''] = field;
      if (!(type in SCALAR_TO_PG) || list || rest.includes('@relation')) continue;
      const column = /@map\("([^"]+)"\)/.exec(rest)?.[1] ?? name;
      columns.push({ table, column, type, nullable: Boolean(optional) });
    }
  }
  return columns;
}

export interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

/** Differences between schema.prisma and the migrated tables it names, as readable lines. */
export function diffPrismaAgainstDatabase(prisma: PrismaColumn[], db: DbColumn[]): string[] {
  const problems: string[] = [];
  const tables = new Set(prisma.map((c) => c.table));
  const dbByKey = new Map(db.map((c) => [`${c.table_name}.${c.column_name}`, c]));
  for (const col of prisma) {
    const found = dbByKey.get(`${col.table}.${col.column}`);
    if (!found) {
      problems.push(`${col.table}.${col.column}: in schema.prisma, missing in the database`);
      continue;
    }
    if (!SCALAR_TO_PG[col.type]?.includes(found.data_type)) {
      problems.push(
        `${col.table}.${col.column}: Prisma ${col.type} vs database ${found.data_type}`,
      );
    }
    if (col.nullable !== (found.is_nullable === 'YES')) {
      problems.push(`${col.table}.${col.column}: nullability differs`);
    }
  }
  const prismaKeys = new Set(prisma.map((c) => `${c.table}.${c.column}`));
  for (const col of db) {
    if (tables.has(col.table_name) && !prismaKeys.has(`${col.table_name}.${col.column_name}`)) {
      problems.push(
        `${col.table_name}.${col.column_name}: in the database, missing in schema.prisma`,
      );
    }
  }
  return problems;
}

export const DB_COLUMNS_SQL = `SELECT table_name, column_name, data_type, is_nullable
  FROM information_schema.columns WHERE table_schema = $1`;

/**
 * Migrates a fresh database with a service's migrations and returns every difference
 * between its schema.prisma and the tables it got; an empty list means they agree.
 */
export async function prismaDriftAfterMigrations(options: {
  schemaFile: string;
  migrationsDir: string;
  schema: string;
}): Promise<string[]> {
  const [{ createTestDatabase }, { runMigrations, createLogger }, pg] = await Promise.all([
    import('./postgres.js'),
    import('@mia/service-kit'),
    import('pg'),
  ]);
  const db = await createTestDatabase();
  try {
    const logger = createLogger('prisma-drift', 'silent');
    await runMigrations({
      url: db.url,
      schema: options.schema,
      dirs: [options.migrationsDir],
      logger,
    });
    const client = new pg.default.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<DbColumn>(DB_COLUMNS_SQL, [options.schema]);
      return diffPrismaAgainstDatabase(readPrismaColumns(options.schemaFile), rows);
    } finally {
      await client.end();
    }
  } finally {
    await db.drop();
  }
}
