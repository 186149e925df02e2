import { describe, expect, it } from 'vitest';
import { prismaRunner } from './prisma-runner.js';

// Shaped like a generated PrismaClient: overloaded $transaction, variadic raw queries.
type Call = { client: string; query: string; values: unknown[] };
class FakePrisma {
  calls: Call[] = [];
  options: unknown;
  constructor(private name = 'root') {}
  // Prisma declares `...values: any[]`; the kit's structural type must accept that.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  $queryRawUnsafe<T = unknown>(query: string, ...values: any[]): Promise<T> {
    this.calls.push({ client: this.name, query, values });
    return Promise.resolve([{ n: 1n }] as T);
  }
  $transaction<P extends Promise<unknown>[]>(arg: [...P]): Promise<unknown[]>;
  $transaction<R>(
    fn: (tx: Omit<FakePrisma, '$transaction'>) => Promise<R>,
    options?: { maxWait?: number; timeout?: number; isolationLevel?: 'Serializable' },
  ): Promise<R>;
  async $transaction(arg: unknown, options?: unknown): Promise<unknown> {
    this.options = options;
    if (typeof arg !== 'function') throw new Error('array form not used by the kit');
    const tx = new FakePrisma('tx');
    tx.calls = this.calls;
    return arg(tx);
  }
}

describe('prismaRunner', () => {
  it('sends kit SQL through the interactive transaction client with spread parameters', async () => {
    const prisma = new FakePrisma();
    const runner = prismaRunner(prisma, { timeout: 60_000 });
    const rows = await runner.transaction(async ({ sql, tx }) => {
      expect(tx).toBeInstanceOf(FakePrisma);
      return sql.query('SELECT $1::int AS n, $2::text', [1, 'a']);
    });
    expect(rows).toEqual([{ n: 1n }]);
    expect(prisma.calls).toEqual([
      { client: 'tx', query: 'SELECT $1::int AS n, $2::text', values: [1, 'a'] },
    ]);
    expect(prisma.options).toEqual({ timeout: 60_000 });

    await runner.sql.query('SELECT 1');
    expect(prisma.calls.at(-1)).toEqual({ client: 'root', query: 'SELECT 1', values: [] });
  });

  it('gives one long job its own timeout and keeps the default for the rest', async () => {
    const prisma = new FakePrisma();
    const runner = prismaRunner(prisma, { timeout: 60_000, maxWait: 10_000 });
    await runner.transaction(async () => undefined, { timeoutMs: 1_800_000 });
    expect(prisma.options).toEqual({ timeout: 1_800_000, maxWait: 10_000 });
    await runner.transaction(async () => undefined);
    expect(prisma.options).toEqual({ timeout: 60_000, maxWait: 10_000 });
  });
});
