import { fileURLToPath } from 'node:url';
import { prismaDriftAfterMigrations } from '@mia/testing';
import { expect, it } from 'vitest';

it('schema.prisma describes exactly the tables the migrations create', async () => {
  const problems = await prismaDriftAfterMigrations({
    schemaFile: fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url)),
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    schema: 'billing',
  });
  expect(problems).toEqual([]);
});
