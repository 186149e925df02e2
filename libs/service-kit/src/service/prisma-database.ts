import {
  prismaRunner,
  type PrismaLike,
  type PrismaRawClient,
  type PrismaTransactionOptions,
} from '../db/prisma-runner.js';
import type { ServiceDatabase } from './definition.js';

/**
 * A service's Prisma Client as its database: the runner lets the kit's event store and the
 * service's Prisma writes share one transaction. Replays need a longer transaction timeout.
 */
export function prismaDatabase<
  Tx extends PrismaRawClient,
  P extends PrismaLike<Tx> & { $disconnect(): Promise<void> },
>(
  prisma: P,
  options: PrismaTransactionOptions = { timeout: 60_000, maxWait: 10_000 },
): ServiceDatabase<Tx, P> {
  return {
    db: prisma,
    runner: prismaRunner<Tx>(prisma, options),
    close: () => prisma.$disconnect(),
  };
}
