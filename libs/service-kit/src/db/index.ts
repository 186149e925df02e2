export * from './sql.js';
export * from './pg-runner.js';
export * from './prisma-runner.js';
export * from './pool.js';
export * from './migrate.js';
export * from './identifiers.js';
export * from './values.js';
export * from './errors.js';
