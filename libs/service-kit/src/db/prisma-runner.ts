import type { Sql, TransactionRunner } from './sql.js';

/** The part of a Prisma client (or interactive-transaction client) the kit uses. */
export interface PrismaRawClient {
  // Prisma declares its own arguments as any[]; unknown[] keeps callers honest.
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

export interface PrismaTransactionOptions {
  maxWait?: number;
  timeout?: number;
}

/** Structural view of PrismaClient, so the kit needs no dependency on @prisma/client. */
export interface PrismaLike<Tx extends PrismaRawClient> extends PrismaRawClient {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: PrismaTransactionOptions): PromiseLike<R>;
}

const executor = (client: PrismaRawClient): Sql => ({
  async query<T>(text: string, params: unknown[] = []) {
    return (await client.$queryRawUnsafe<T[]>(text, ...params)) ?? [];
  },
});

/**
 * Transactions through Prisma's interactive transactions, so kit SQL (events, inbox) and a
 * service's Prisma projection writes commit or roll back together. Long jobs such as a
 * projection rebuild need a larger `timeout` than Prisma's 5 s default.
 */
export function prismaRunner<Tx extends PrismaRawClient>(
  prisma: PrismaLike<Tx>,
  options: PrismaTransactionOptions = {},
): TransactionRunner<Tx> {
  return {
    sql: executor(prisma),
    async transaction(fn, { timeoutMs } = {}) {
      const chosen = timeoutMs === undefined ? options : { ...options, timeout: timeoutMs };
      return prisma.$transaction((tx) => fn({ sql: executor(tx), tx }), chosen);
    },
  };
}
