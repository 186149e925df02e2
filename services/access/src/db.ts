import { PrismaPg } from '@prisma/adapter-pg';
import { prismaDatabase } from '@mia/service-kit';
import type pg from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export type AccessTx = Prisma.TransactionClient;

export const accessDatabase = (pool: pg.Pool) =>
  prismaDatabase<AccessTx, PrismaClient>(new PrismaClient({ adapter: new PrismaPg(pool) }));
