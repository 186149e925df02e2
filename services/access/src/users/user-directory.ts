import type { PrismaClient } from '../generated/prisma/client.js';

/** The directory entry for an e-mail, compared the way identity stores it (trimmed, lower case). */
export const findUserByEmail = (db: PrismaClient, email: string) =>
  db.directoryUser.findUnique({ where: { email: email.trim().toLowerCase() } });
