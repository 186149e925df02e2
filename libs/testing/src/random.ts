import { randomBytes } from 'node:crypto';

/** Short lower-case id for database names and subject prefixes (valid in both). */
export const randomSuffix = (bytes = 5): string => randomBytes(bytes).toString('hex');
