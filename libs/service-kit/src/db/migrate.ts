import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { resolveBinary } from 'dbmate';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { assertSchemaName } from './identifiers.js';
import { withSearchPath } from './pool.js';

const run = promisify(execFile);

/** The kit's own tables (event store, outbox position, inbox, parked events). Same path from src and dist. */
export const kitMigrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface RunMigrationsOptions {
  url: string;
  schema: string;
  /** The service's migration folders; the kit's folder is applied first unless `includeKit` is false. */
  dirs: string[];
  logger: Logger;
  includeKit?: boolean;
}

/**
 * Applies plain SQL migrations (dbmate format) inside `schema`, recording them in
 * `<schema>.schema_migrations`. Replicas starting together are serialised by an advisory lock.
 */
export async function runMigrations({
  url,
  schema,
  dirs,
  logger,
  includeKit = true,
}: RunMigrationsOptions): Promise<void> {
  assertSchemaName(schema);
  const client = new pg.Client({ connectionString: url, application_name: `migrate:${schema}` });
  await client.connect();
  try {
    await ensureSchema(client, schema);
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`${schema}:migrations`]);
    try {
      const allDirs = [...new Set(includeKit ? [kitMigrationsDir, ...dirs] : dirs)];
      const args = [
        '--url',
        dbmateUrl(url, schema),
        '--migrations-table',
        `${schema}.schema_migrations`,
        '--no-dump-schema',
        ...allDirs.flatMap((dir) => ['-d', dir]),
        'migrate',
      ];
      const { stdout } = await run(resolveBinary(), args, { env: dbmateEnv() }).catch(
        (err: Error & { stderr?: string }) => {
          throw new Error(
            `Migrations failed for schema ${schema}: ${err.stderr?.trim() || err.message}`,
            {
              cause: err,
            },
          );
        },
      );
      for (const line of stdout.split('\n').filter((l) => l.startsWith('Applied'))) {
        logger.info({ schema, migration: line }, 'migration applied');
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`${schema}:migrations`]);
    }
  } finally {
    await client.end();
  }
}

async function ensureSchema(client: pg.Client, schema: string): Promise<void> {
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // A service role may lack CREATE on the database yet own its (pre-created) schema.
    const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (rows.length === 0) throw err;
  }
}

/**
 * dbmate (Go, lib/pq) defaults to sslmode=require, which fails against servers without TLS
 * where node-postgres connects fine. `prefer` tries TLS first and falls back.
 */
function dbmateUrl(url: string, schema: string): string {
  const parsed = new URL(withSearchPath(url, schema));
  if (!parsed.searchParams.has('sslmode')) parsed.searchParams.set('sslmode', 'prefer');
  return parsed.toString();
}

// dbmate would otherwise pick up DBMATE_* settings or a DATABASE_URL meant for something else.
function dbmateEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('DBMATE_') && key !== 'DATABASE_URL') env[key] = value;
  }
  return env;
}
