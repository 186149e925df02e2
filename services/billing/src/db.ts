import { PrismaPg } from '@prisma/adapter-pg';
import { prismaDatabase } from '@mia/service-kit';
import type pg from 'pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export type BillingTx = Prisma.TransactionClient;
export type BillingDb = PrismaClient;

export const billingDatabase = (pool: pg.Pool) =>
  prismaDatabase<BillingTx, PrismaClient>(new PrismaClient({ adapter: new PrismaPg(pool) }));
