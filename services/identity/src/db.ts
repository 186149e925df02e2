import { PrismaPg } from '@prisma/adapter-pg';
import { prismaDatabase } from '@mia/service-kit';
import type pg from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

/** What identity's projections and commands run in: Prisma's interactive transaction client. */
export type IdentityTx = Prisma.TransactionClient;
export type IdentityDb = PrismaClient;

export const identityDatabase = (pool: pg.Pool) =>
  prismaDatabase<IdentityTx, PrismaClient>(new PrismaClient({ adapter: new PrismaPg(pool) }));
