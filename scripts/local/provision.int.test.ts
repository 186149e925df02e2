import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSuffix } from '@mia/testing';
import { dropDatabase, provisionDatabase } from './provision.js';
import { passwordOf, roleOf } from './services.js';

const ADMIN_URL = (() => {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('provisionDatabase', () => {
  const database = `mia_prov_${randomSuffix()}`;
  const services = ['identity', 'billing'].map((name) => ({
    name,
    role: roleOf(name),
    password: passwordOf(name, {}),
  }));
  let serviceUrls: Record<string, string>;

  beforeAll(async () => {
    const first = await provisionDatabase({
      adminUrl: ADMIN_URL,
      database,
      services,
      log: () => {},
    });
    // Twice: a second `npm start` must find everything in place and change nothing.
    const second = await provisionDatabase({
      adminUrl: ADMIN_URL,
      database,
      services,
      log: () => {},
    });
    expect(second).toEqual(first);
    serviceUrls = first.serviceUrls;
  });
  afterAll(async () => {
    await dropDatabase(ADMIN_URL, database);
  });

  it('gives each service a URL with its own role', () => {
    expect(new URL(serviceUrls.identity ?? '').username).toBe('mia_identity');
    expect(new URL(serviceUrls.billing ?? '').pathname).toBe(`/${database}`);
  });

  it('lets a service create and use tables in its own schema, found by default', async () => {
    await query(serviceUrls.identity ?? '', 'CREATE TABLE IF NOT EXISTS users (id int)');
    expect(await query(serviceUrls.identity ?? '', 'SELECT count(*)::int AS n FROM users')).toEqual(
      [{ n: 0 }],
    );
  });

  it("keeps a service out of another service's schema and out of public", async () => {
    await query(serviceUrls.identity ?? '', 'CREATE TABLE IF NOT EXISTS secrets (id int)');
    await expect(
      query(serviceUrls.billing ?? '', 'SELECT * FROM identity.secrets'),
    ).rejects.toThrow(/permission denied for schema identity/);
    await expect(
      query(serviceUrls.billing ?? '', 'CREATE TABLE public.x (id int)'),
    ).rejects.toThrow(/permission denied for schema public/);
  });
});
