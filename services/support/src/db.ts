import { PrismaPg } from '@prisma/adapter-pg';
import { prismaDatabase } from '@mia/service-kit';
import type pg from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

/** What support's projections, reactions and commands run in: Prisma's transaction client. */
export type SupportTx = Prisma.TransactionClient;
export type SupportDb = PrismaClient;

export const supportDatabase = (pool: pg.Pool) =>
  prismaDatabase<SupportTx, PrismaClient>(new PrismaClient({ adapter: new PrismaPg(pool) }));
